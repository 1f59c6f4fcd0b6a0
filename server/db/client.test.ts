import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { MIGRATION_LOCK, openDatabase, openPostgres } from './client.ts'
import { seedDemoData } from './seed.ts'
import { announcements } from './schema/ping.ts'

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('openDatabase', () => {
  it('keeps an embedded database in DATA_DIR/pglite across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-data-'))
    dirs.push(dataDir)
    const first = await openDatabase({ dataDir, databaseUrl: '' })
    expect(first.kind).toBe('pglite')
    await first.migrate()
    await seedDemoData(first.db, new Date())
    await first.close()
    const second = await openDatabase({ dataDir, databaseUrl: '' })
    await second.migrate()
    expect(await second.db.select().from(announcements)).toHaveLength(1)
    await second.close()
  })

  it('migrates an empty PostgreSQL database from DATABASE_URL', async () => {
    const adminUrl = inject('postgresUrl')
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    const name = `fresh_${process.pid}_${Date.now()}`
    await admin.query(`CREATE DATABASE ${name}`)
    try {
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      const database = await openDatabase({ dataDir: '/nonexistent', databaseUrl: url.href })
      expect(database.kind).toBe('postgres')
      await database.migrate()
      await database.migrate()
      await seedDemoData(database.db, new Date())
      expect(await database.db.select().from(announcements)).toHaveLength(1)
      await database.close()
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
      await admin.end()
    }
  })

  it('waits for another process migrating, and gives up saying why once the wait is over', async () => {
    const adminUrl = inject('postgresUrl')
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    const name = `locked_${process.pid}_${Date.now()}`
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    const database = openPostgres(url.href, { max: 1, migrationLockWaitMs: 300 })
    // Another process on the same database (advisory locks belong to one database).
    const other = new pg.Client({ connectionString: url.href })
    await other.connect()
    try {
      // The lock a process holds while it migrates: held here as if its migration hung.
      await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await expect(database.migrate()).rejects.toThrow(/migrating this database for over 0.3 s/)
      // The pooled connection came back without the time-out.
      const shown = (await database.db.execute(sql`show lock_timeout`)) as unknown as { rows: unknown[] }
      expect(shown.rows).toEqual([{ lock_timeout: '0' }])
      await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
      await database.migrate()
      expect(await database.db.select().from(announcements)).toEqual([])
    } finally {
      await database.close()
      await other.end()
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
      await admin.end()
    }
  })
})
