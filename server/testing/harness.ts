import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest'
import type {} from '../../tests/support/pglite-global-setup.ts'
import type {} from '../../tests/support/postgres-global-setup.ts'
import { buildApp } from '../app.ts'
import { parseConfig, type Config } from '../config.ts'
import { openPostgres, wrapPglite, type Database, type Db } from '../db/client.ts'
import { createSandboxSmsGateway } from '../modules/accounts/sms-gateway.ts'
import { TestClient } from './client.ts'

export const BACKENDS = ['pglite', 'postgres'] as const
export type Backend = (typeof BACKENDS)[number]

/** 2026-01-01T00:00:00Z; tests move it with clock.advance. */
export const START_MS = Date.UTC(2026, 0, 1)

function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.href
}

/** Empties every table of the schema and restarts its identities: a migrated database as new. */
const EMPTY_TABLES = `DO $$ DECLARE tables text; BEGIN
  SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO tables FROM pg_tables WHERE schemaname = 'public';
  IF tables IS NOT NULL THEN EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE'; END IF;
END $$`

/**
 * A fresh, migrated database per test: one database per file, migrated once, emptied before
 * each test. Emptying is a fraction of migrating again; no migration inserts rows, so an
 * emptied database is a migrated one. PGlite: an in-memory instance loaded from the run's
 * migrated image (pglite-global-setup.ts), since a blank one runs initdb, seconds of CPU. On
 * PostgreSQL the connections a test left behind (a job worker's) are ended first, so they
 * cannot hold a lock the emptying waits for.
 */
export function useFreshDatabase(backend: Backend, options: { poolSize?: number } = {}) {
  let current: Database | null = null
  let pglite: PGlite | null = null
  let untouched = true
  let admin: pg.Client | null = null
  let fileDatabase = ''

  beforeAll(async () => {
    if (backend === 'pglite') {
      pglite = new PGlite({ loadDataDir: new Blob([readFileSync(inject('pgliteMigratedImage'))]) })
      await pglite.waitReady
      return
    }
    const adminUrl = inject('postgresUrl')
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    fileDatabase = `test_${randomBytes(6).toString('hex')}`
    await admin.query(`CREATE DATABASE ${fileDatabase}`)
    const migrator = openPostgres(databaseUrl(adminUrl, fileDatabase), { max: 1 })
    await migrator.migrate()
    await migrator.close()
  })

  beforeEach(async () => {
    if (pglite) {
      // The image is migrated and empty: only the tests after the first need emptying.
      if (!untouched) await pglite.exec(EMPTY_TABLES)
      untouched = false
      // The instance outlives the test; the file's afterAll closes it.
      current = { ...wrapPglite(pglite), close: async () => {} }
      return
    }
    await admin!.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [fileDatabase])
    current = openPostgres(databaseUrl(inject('postgresUrl'), fileDatabase), { max: options.poolSize ?? 4 })
    await current.db.execute(EMPTY_TABLES)
  })

  afterEach(async () => {
    await current?.close()
    current = null
  })

  afterAll(async () => {
    await pglite?.close()
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${fileDatabase} WITH (FORCE)`)
      await admin.end()
    }
  })

  return {
    get db(): Db {
      if (!current) throw new Error('no database outside a test')
      return current.db
    },
  }
}

export interface TestAppOptions {
  config?: Partial<Config>
  /** PostgreSQL connections of the app's pool (default 4); concurrency tests want more. */
  poolSize?: number
}

/**
 * buildApp on a fresh database with a movable clock, captured logs and a signing client.
 * `rebuild(config)` swaps the app for one with other settings on the same database.
 */
export function useTestApp(backend: Backend, options: TestAppOptions = {}) {
  const database = useFreshDatabase(backend, options.poolSize ? { poolSize: options.poolSize } : {})
  let app: FastifyInstance | null = null
  let client: TestClient | null = null
  let config: Config | null = null
  let nowMs = START_MS
  const logs: string[] = []
  // One phone per test: a rebuilt app sends to the same outbox.
  let sms = createSandboxSmsGateway({ now: () => nowMs })

  async function build(overrides: Partial<Config> = {}) {
    await app?.close()
    config = {
      ...parseConfig({}),
      // No built app in tests unless a test points at one.
      staticDir: '/nonexistent/marquee-dist',
      // Opening a database blocks the event loop for a moment: no overload (overload.test.ts sheds).
      overloadEventLoopDelayMs: 0,
      ...options.config,
      ...overrides,
    }
    app = await buildApp({
      config,
      db: database.db,
      log: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
      checkAnswers: true,
      now: () => nowMs,
      smsGateway: sms,
    })
    await app.ready()
    client = new TestClient(app, config.apiSecret, () => Math.floor(nowMs / 1000))
    return app
  }

  beforeEach(async () => {
    nowMs = START_MS
    logs.length = 0
    sms = createSandboxSmsGateway({ now: () => nowMs })
    await build()
  })

  afterEach(async () => {
    await app?.close()
    app = null
  })

  return {
    get app() {
      return app!
    },
    get client() {
      return client!
    },
    get config() {
      return config!
    },
    get db() {
      return database.db
    },
    logs,
    /** The sandbox gateway the app sends text messages through. */
    get sms() {
      return sms
    },
    clock: {
      now: () => nowMs,
      advance(ms: number) {
        nowMs += ms
      },
    },
    rebuild: build,
    /** Another client of the same app (another device). */
    newClient: () => new TestClient(app!, config!.apiSecret, () => Math.floor(nowMs / 1000)),
  }
}
