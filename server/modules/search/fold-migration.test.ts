import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openPostgres, wrapPglite, type Database, type Db } from '../../db/client.ts'
import { actors, tags, videoActors, videos, videoTags } from '../../db/schema/catalogue.ts'
import { START_MS, BACKENDS } from '../../testing/harness.ts'
import { insertPost, insertUser } from '../community/testing.ts'

const MIGRATIONS = fileURLToPath(new URL('../../db/migrations', import.meta.url))
const FOLD_MIGRATION = '0013_search_fold'

/** A copy of the migrations before 0013_search_fold, so a database can be left there. */
function migrationsBeforeFold(): string {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-before-fold-'))
  mkdirSync(join(dir, 'meta'))
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  const at = journal.entries.findIndex((entry) => entry.tag === FOLD_MIGRATION)
  expect(at).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal))
  for (const { tag } of journal.entries) copyFileSync(join(MIGRATIONS, `${tag}.sql`), join(dir, `${tag}.sql`))
  return dir
}

describe.each(BACKENDS)('migration 0013_search_fold (%s)', (backend) => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  /** A database migrated up to 0013_search_fold, and the whole migration once `migrate` is called. */
  async function databaseBeforeFold(): Promise<Database> {
    const before = migrationsBeforeFold()
    cleanups.push(async () => rmSync(before, { recursive: true, force: true }))
    if (backend === 'pglite') {
      const pglite = new PGlite()
      cleanups.push(() => pglite.close())
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: before })
      return { ...wrapPglite(pglite), close: async () => {} }
    }
    const admin = new pg.Client({ connectionString: inject('postgresUrl') })
    await admin.connect()
    const name = `test_fold_${randomBytes(6).toString('hex')}`
    await admin.query(`CREATE DATABASE ${name}`)
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    })
    const url = new URL(inject('postgresUrl'))
    url.pathname = `/${name}`
    const client = new pg.Client({ connectionString: url.href })
    await client.connect()
    await migratePg(drizzlePg(client), { migrationsFolder: before })
    await client.end()
    const database = openPostgres(url.href, { max: 1 })
    cleanups.push(() => database.close())
    return database
  }

  const count = async (db: Db, query: ReturnType<typeof sql>) => {
    const result = (await db.execute(sql`select count(*)::int4 as n from (${query}) q`)) as unknown as {
      rows: { n: number }[]
    }
    return result.rows[0]!.n
  }

  it('refolds the grams of rows written before it, and indexes titles folded', async () => {
    const database = await databaseBeforeFold()
    const { db } = database
    const author = await insertUser(db, { nickname: 'ＫＡＴＥ' })
    await insertUser(db, { nickname: 'Élodie' })
    await insertPost(db, { authorId: author, content: 'Ｓｕｎｓｅｔ Été' })
    const [video] = await db
      .insert(videos)
      .values({ contentType: 1, title: 'ＭＶ１２３', publishedAt: new Date(START_MS) })
      .returning({ id: videos.id })
    const [tag] = await db.insert(tags).values({ name: 'ＶＬＯＧ' }).returning()
    const [actor] = await db.insert(actors).values({ name: 'ÉMILIE' }).returning()
    await db.insert(videoTags).values({ tagId: tag!.id, videoId: video!.id })
    await db.insert(videoActors).values({ actorId: actor!.id, videoId: video!.id })

    await database.migrate()

    expect(await count(db, sql`select 1 from users where search_grams <> search_grams(nickname)`)).toBe(0)
    expect(await count(db, sql`select 1 from posts where search_grams <> search_grams(content)`)).toBe(0)
    expect(await count(db, sql`select 1 from videos where search_grams <> video_search_grams(id, title)`)).toBe(0)
    expect(await count(db, sql`select 1 from users where search_grams @> search_query_grams('kate')`)).toBe(1)
    expect(await count(db, sql`select 1 from posts where search_grams @> search_query_grams('sunset Été')`)).toBe(1)
    for (const keyword of ['mv123', 'vlog', 'Émilie']) {
      expect(await count(db, sql`select 1 from videos where search_grams @> search_query_grams(${keyword})`)).toBe(1)
    }
    const titleIndexes = (await db.execute(
      sql`select indexname from pg_indexes where tablename = 'videos' and indexname like 'videos_title_%'`,
    )) as unknown as { rows: { indexname: string }[] }
    expect(titleIndexes.rows.map((row) => row.indexname)).toEqual(['videos_title_fold_idx'])
    expect(await count(db, sql`select 1 from videos where search_fold(title) = 'mv123'`)).toBe(1)
  })
})
