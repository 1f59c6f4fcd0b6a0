import type { Config } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { acquireDataDirLock, LockError } from '../db/lock.ts'
import { adminSocketPath } from './channel.ts'
import { AdminError } from './command.ts'

/**
 * The server's own database (DATABASE_URL, else the embedded one in DATA_DIR), migrated, for a
 * command no running server took over. The embedded database takes the data-directory lock like
 * the server: PGlite corrupts files opened by two processes, so a server that holds it without
 * answering on its control socket is reported instead.
 */
export async function openAdminDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  let release = () => {}
  if (!config.databaseUrl) {
    try {
      release = acquireDataDirLock(config.dataDir).release
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      throw new AdminError(
        `${error.message}\nIt did not answer on ${adminSocketPath(config.dataDir)}, and the embedded database (PGlite) serves one ` +
          'process at a time: wait until the server is serving and try again, or stop it, run this command, ' +
          'then start it again.',
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
