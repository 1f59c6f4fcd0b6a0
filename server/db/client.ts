import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'

/** The query API both drivers share; repos take this, so they run on either. */
export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies server/db/migrations (the same files for both drivers). */
  migrate(): Promise<void>
  close(): Promise<void>
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))
/**
 * Held while migrating PostgreSQL: processes started at once on an empty database would each
 * create the tables, and all but one fail. The others wait, then find the migrations applied.
 */
export const MIGRATION_LOCK = 0x4d514d494752
/**
 * How long a start waits for another process's migration: past it, the start fails and says so,
 * rather than waiting forever behind a migration that hangs.
 */
export const MIGRATION_LOCK_WAIT_MS = 120_000

/** Where the embedded database keeps its files. */
export const embeddedDatabaseDir = (dataDir: string) => join(dataDir, 'pglite')

/** Embedded PostgreSQL in `${dataDir}/pglite` unless DATABASE_URL names a server. */
export async function openDatabase(config: { dataDir: string; databaseUrl: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl)
  const dir = embeddedDatabaseDir(config.dataDir)
  mkdirSync(dir, { recursive: true })
  const client = new PGlite(dir)
  await client.waitReady
  return wrapPglite(client)
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client)
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: once(() => client.close()),
  }
}

export function openPostgres(url: string, options: { max?: number; migrationLockWaitMs?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 })
  // An idle connection dropped by the server emits 'error' on the pool; unhandled, it would
  // end the process. The next query reconnects or fails with its own error.
  pool.on('error', () => {})
  const db = drizzlePg(pool)
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect()
      try {
        const waitMs = options.migrationLockWaitMs ?? MIGRATION_LOCK_WAIT_MS
        await client.query(`set lock_timeout = ${Math.round(waitMs)}`)
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]).catch((error: { code?: string }) => {
          // 55P03 lock_not_available: lock_timeout passed.
          if (error.code !== '55P03') throw error
          throw new Error(
            `another process has been migrating this database for over ${waitMs / 1000} s: ` +
              `is its migration stuck? (pg_stat_activity shows it)`,
          )
        })
        await client.query('reset lock_timeout')
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR })
      } finally {
        // Back to the pool as it came (no lock_timeout). Ending the connection releases the lock
        // too, should the unlock fail.
        await client
          .query('reset lock_timeout')
          .then(() => client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]))
          .then(
            () => client.release(),
            (error: Error) => client.release(error),
          )
      }
    },
    close: once(() => pool.end()),
  }
}

/** What /metrics reports of the database connections: the pool's counts, or the embedded database. */
export type ConnectionStats = { kind: 'pglite' } | { kind: 'postgres'; total: number; idle: number; waiting: number }

/** Read from the driver drizzle was given (`$client`), so any Db — the app's or a test's — answers. */
export function connectionStatsOf(db: Db): ConnectionStats {
  const client = (db as Db & { $client?: unknown }).$client
  if (client instanceof pg.Pool) {
    return { kind: 'postgres', total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount }
  }
  return { kind: 'pglite' }
}

/** close() may be called from several shutdown paths; the driver is closed only the first time. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null
  return () => (closing ??= close())
}
