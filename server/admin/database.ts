import type { Config } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { acquireDataDirLock, LockError } from '../db/lock.ts'
import { AdminError } from './command.ts'

/**
 * The server's own database (DATABASE_URL, else the embedded one in DATA_DIR), migrated. The
 * embedded database takes the data-directory lock like the server: PGlite corrupts files
 * opened by two processes, so while the server runs on it the CLI refuses and says why.
 */
export async function openAdminDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  let release = () => {}
  if (!config.databaseUrl) {
    try {
      release = acquireDataDirLock(config.dataDir).release
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      throw new AdminError(
        `${error.message}\nThe embedded database (PGlite) serves one process at a time: stop the server, run ` +
          'this command, then start the server again — or run the server on PostgreSQL (DATABASE_URL), ' +
          'which the CLI can use while the server runs.',
      )
    }
  }
  try {
    const database = await openDatabase(config)
    await database.migrate()
    return {
      ...database,
      close: async () => {
        try {
          await database.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    const where = config.databaseUrl ? 'DATABASE_URL' : `${config.dataDir}/pglite`
    throw new AdminError(`Could not open the database (${where}): ${(error as Error).message}`)
  }
}
