import { ConfigError, parseConfig, type Config } from '../config.ts'
import { adminSocketPath, sendToServer } from './channel.ts'
import { AdminError, CommandError, UsageError } from './command.ts'
import { OFFLINE_COMMANDS } from './commands.ts'
import { openAdminDatabase } from './database.ts'
import { commandList, prepareCommand, runCommand, type AdminAnswer, type PreparedCommand } from './run-command.ts'

export interface AdminIo {
  env: Record<string, string | undefined>
  stdout: (line: string) => void
  stderr: (line: string) => void
  /** The operator's directory, for relative paths in the arguments; process.cwd() when absent. */
  cwd?: string
  now?: () => number
}

/** Runs the command in this process, on the database the server would open. */
async function runHere(config: Config, prepared: PreparedCommand, io: AdminIo): Promise<AdminAnswer> {
  const database = await openAdminDatabase(config)
  try {
    return await runCommand(prepared, { config, db: database.db, now: io.now ?? Date.now, progress: io.stdout })
  } finally {
    await database.close()
  }
}

/** An OfflineCommand (db:backup, db:restore): in this process, never through a server. */
async function runOffline(name: string, args: readonly string[], io: AdminIo): Promise<number> {
  const command = OFFLINE_COMMANDS[name]!
  let run
  try {
    run = command.parse(args, io.cwd ?? process.cwd())
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`${name}: ${error.message}\nusage: npm run admin -- ${name} ${command.usage}`)
    return 2
  }
  try {
    io.stdout(await run(parseConfig(io.env)))
    return 0
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof CommandError)) throw error
    io.stderr(error instanceof CommandError ? `${name}: ${error.message}` : error.message)
    return 1
  }
}

/**
 * `npm run admin -- <command> …` against the server's configuration (the same environment
 * variables as `npm start`). A server running on this DATA_DIR runs the command itself, through
 * its control socket (server/admin/channel.ts); without one the CLI opens the database.
 * Exit codes: 0 done, 1 failed (nothing half-written), 2 usage.
 */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(commandList())
    return name === undefined ? 2 : 0
  }
  if (Object.hasOwn(OFFLINE_COMMANDS, name)) return runOffline(name, args, io)
  const request = { command: name, args, cwd: io.cwd ?? process.cwd() }
  let answer: AdminAnswer
  try {
    const prepared = prepareCommand(request)
    if ('run' in prepared) {
      const config = parseConfig(io.env)
      answer =
        (await sendToServer(adminSocketPath(config.dataDir), request, io.stdout)) ??
        (await runHere(config, prepared, io))
    } else {
      answer = prepared
    }
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof AdminError)) throw error
    io.stderr(error.message)
    return 1
  }
  if (answer.ok) {
    io.stdout(answer.output)
    return 0
  }
  io.stderr(answer.error)
  return answer.usage ? 2 : 1
}
