import { resolve } from 'node:path'
import type { Config } from '../../config.ts'
import { backupEmbeddedDatabase, BackupError, restoreEmbeddedDatabase } from '../../db/backup.ts'
import { CommandError, UsageError, type OfflineCommand } from '../command.ts'

/** The one file argument, resolved against the operator's directory, and the flags allowed. */
function parseFileArgs(args: readonly string[], cwd: string, flags: readonly string[]) {
  const given = new Set<string>()
  const positional: string[] = []
  for (const arg of args) {
    if (arg.startsWith('--')) {
      if (!flags.includes(arg)) throw new UsageError(`unknown option ${arg}`)
      given.add(arg)
    } else {
      positional.push(arg)
    }
  }
  const [file, ...extra] = positional
  if (file === undefined) throw new UsageError('a file is required')
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`)
  return { file: resolve(cwd, file), given }
}

/** PostgreSQL has its own tools; these commands handle the embedded database's files. */
function embeddedOnly(config: Config, name: string) {
  if (config.databaseUrl) {
    throw new CommandError(
      `${name} backs up the embedded database; with DATABASE_URL use pg_dump and pg_restore (docs/operating.md)`,
    )
  }
}

async function refusalsAsCommandErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof BackupError) throw new CommandError(error.message)
    throw error
  }
}

/** `db:backup <file>`: the embedded database as one gzipped tarball (server/db/backup.ts). */
export const dbBackup: OfflineCommand = {
  usage: '<file>',
  summary: 'writes the embedded database (DATA_DIR/pglite) to a new file; the server must be stopped',
  parse(args, cwd) {
    const { file } = parseFileArgs(args, cwd, [])
    return async (config) => {
      embeddedOnly(config, 'db:backup')
      const { bytes } = await refusalsAsCommandErrors(() => backupEmbeddedDatabase(config.dataDir, file))
      return `backed up ${config.dataDir}/pglite to ${file} (${bytes} bytes)`
    }
  },
}

/** `db:restore <file> [--force]`: a backup into an empty DATA_DIR, or over its database with --force. */
export const dbRestore: OfflineCommand = {
  usage: '<file> [--force]',
  summary:
    'loads a db:backup file into an empty DATA_DIR (--force replaces the database there); the server must be stopped',
  parse(args, cwd) {
    const { file, given } = parseFileArgs(args, cwd, ['--force'])
    return async (config) => {
      embeddedOnly(config, 'db:restore')
      const { tables } = await refusalsAsCommandErrors(() =>
        restoreEmbeddedDatabase(config.dataDir, file, { force: given.has('--force') }),
      )
      return `restored ${file} into ${config.dataDir}/pglite (${tables} tables); start the server to serve it`
    }
  },
}
