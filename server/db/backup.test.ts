import {
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCli } from '../testing/admin-cli.ts'
import { openDatabase } from './client.ts'
import { acquireDataDirLock } from './lock.ts'
import { seedDemoData } from './seed.ts'

const admin = (env: Record<string, string>, ...argv: string[]) => runAdminCli(env, argv)

/** Every table's row count and a checksum of all its rows, in a stable order. */
async function fingerprint(dataDir: string): Promise<Record<string, string>> {
  const pglite = new PGlite(join(dataDir, 'pglite'))
  try {
    const { rows: tables } = await pglite.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1`,
    )
    const result: Record<string, string> = {}
    for (const { name } of tables) {
      const { rows } = await pglite.query<{ n: number; sum: string | null }>(
        `select count(*)::int as n, md5(string_agg(t::text, ',' order by t::text)) as sum from ${name} t`,
      )
      result[name] = `${rows[0]!.n} ${rows[0]!.sum ?? ''}`
    }
    return result
  } finally {
    await pglite.close()
  }
}

describe('db:backup and db:restore (embedded database)', () => {
  const root = mkdtempSync(join(tmpdir(), 'marquee-backup-'))
  const source = join(root, 'source')
  const backup = join(root, 'marquee.backup.tar.gz')
  let seeded: Record<string, string> = {}

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: source, databaseUrl: '' })
    await database.migrate()
    await seedDemoData(database.db, new Date(Date.UTC(2026, 0, 1)))
    await database.close()
    seeded = await fingerprint(source)
  }, 240_000)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('backs up, restores into a fresh data directory, and every row is there', async () => {
    // What an earlier backup that crashed midway left behind.
    writeFileSync(`${backup}.partial`, 'truncated')
    const backedUp = await admin({ DATA_DIR: source }, 'db:backup', backup)
    expect(backedUp).toMatchObject({ code: 0, err: '' })
    expect(backedUp.out).toContain(`to ${backup}`)
    expect(existsSync(`${backup}.partial`)).toBe(false)
    // The whole database is in it: its owner's alone.
    expect(statSync(backup).mode & 0o777).toBe(0o600)

    const fresh = join(root, 'fresh')
    const restored = await admin({ DATA_DIR: fresh }, 'db:restore', backup)
    expect(restored).toMatchObject({ code: 0, err: '' })
    expect(await fingerprint(fresh)).toEqual(seeded)
    // Demo data in many tables: a backup that lost rows could not match by accident.
    const filled = Object.values(seeded).filter((value) => !value.startsWith('0 '))
    expect(filled.length).toBeGreaterThan(10)
  }, 240_000)

  it.skipIf(process.getuid?.() !== 0)(
    'run as root, leaves the restored database owned by the owner of DATA_DIR (runs as root only)',
    async () => {
      const serviceUser = 4321
      const owned = join(root, 'owned')
      mkdirSync(owned)
      chownSync(owned, serviceUser, serviceUser)
      expect(await admin({ DATA_DIR: owned }, 'db:restore', backup)).toMatchObject({ code: 0, err: '' })
      const database = join(owned, 'pglite')
      const files = [
        database,
        ...readdirSync(database, { recursive: true, encoding: 'utf8' }).map((f) => join(database, f)),
      ]
      expect(files.length).toBeGreaterThan(100)
      expect(
        files.filter((file) => lstatSync(file).uid !== serviceUser || lstatSync(file).gid !== serviceUser),
      ).toEqual([])
    },
    240_000,
  )

  it('refuses while a server holds the data directory, and changes nothing', async () => {
    // This process stands in for the running server: the lock names a live process.
    const lock = acquireDataDirLock(source)
    try {
      const other = join(root, 'while-running.tar.gz')
      const refused = await admin({ DATA_DIR: source }, 'db:backup', other)
      expect(refused.code).toBe(1)
      expect(refused.err).toMatch(/Another Marquee server .* is using the data directory/)
      expect(refused.err).toContain('run with the server stopped')
      expect(existsSync(other)).toBe(false)
      const restore = await admin({ DATA_DIR: source }, 'db:restore', backup, '--force')
      expect(restore.code).toBe(1)
    } finally {
      lock.release()
    }
  })

  it('restores over a database only with --force, never overwrites a backup, and checks its input', async () => {
    const refused = await admin({ DATA_DIR: source }, 'db:restore', backup)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('already holds a database; restore into a new DATA_DIR, or add --force')
    expect(await admin({ DATA_DIR: source }, 'db:backup', backup)).toMatchObject({ code: 1 })
    expect((await admin({ DATA_DIR: source }, 'db:backup')).code).toBe(2)
    expect((await admin({ DATA_DIR: source }, 'db:restore', backup, '--overwrite')).code).toBe(2)
    const postgres = await admin({ DATA_DIR: source, DATABASE_URL: 'postgres://x@127.0.0.1/x' }, 'db:backup', 'x')
    expect(postgres.err).toContain('use pg_dump and pg_restore')

    const garbage = join(root, 'not-a-backup.tar.gz')
    writeFileSync(garbage, 'not a tarball')
    const empty = join(root, 'empty')
    mkdirSync(join(empty, 'pglite'), { recursive: true })
    const bad = await admin({ DATA_DIR: empty }, 'db:restore', garbage)
    expect(bad.code).toBe(1)
    expect(bad.err).toContain('could not be loaded as a Marquee backup')
    expect(readdirSync(empty).sort()).toEqual(['pglite'])

    const forced = await admin({ DATA_DIR: source }, 'db:restore', backup, '--force')
    expect(forced).toMatchObject({ code: 0, err: '' })
    expect(await fingerprint(source)).toEqual(seeded)
  }, 240_000)
})
