import { ConfigError, parseConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { UsageError } from './command.ts'
import { COMMANDS } from './commands.ts'
import { AdminError, openAdminDatabase } from './database.ts'

export interface AdminIo {
  env: Record<string, string | undefined>
  stdout: (line: string) => void
  stderr: (line: string) => void
  now?: () => number
}

function usage(): string {
  const lines = Object.entries(COMMANDS).map(
    ([name, command]) => `  ${name} ${command.usage}\n      ${command.summary}`,
  )
  return `usage: npm run admin -- <command> [arguments]\n\ncommands:\n${lines.join('\n')}`
}

/**
 * `npm run admin -- <command> …` against the server's configuration (the same environment
 * variables as `npm start`). Exit codes: 0 done, 1 failed (nothing half-written), 2 usage.
 */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage())
    return name === undefined ? 2 : 0
  }
  const command = COMMANDS[name]
  if (!command) {
    io.stderr(`unknown command ${name}\n\n${usage()}`)
    return 2
  }
  let database: Database | null = null
  try {
    const config = parseConfig(io.env)
    return await command.run(args, {
      config,
      now: io.now ?? Date.now,
      print: io.stdout,
      db: async () => {
        database ??= await openAdminDatabase(config)
        return database.db
      },
    })
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${name}: ${error.message}\nusage: npm run admin -- ${name} ${command.usage}`)
      return 2
    }
    if (error instanceof ConfigError || error instanceof AdminError) {
      io.stderr(error.message)
      return 1
    }
    io.stderr(`${name}: ${(error as Error).message}`)
    return 1
  } finally {
    await (database as Database | null)?.close()
  }
}
