import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openDatabase } from './client.ts'
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
})
