import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest'
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

/**
 * A fresh, migrated database per test. PostgreSQL: a new database cloned from a template
 * migrated once per file. PGlite: one in-memory instance per file (starting one takes
 * seconds) whose schemas are dropped and migrated again before each test.
 */
export function useFreshDatabase(backend: Backend, options: { poolSize?: number } = {}) {
  let current: Database | null = null
  let pglite: PGlite | null = null
  let admin: pg.Client | null = null
  let template = ''
  let testDatabase = ''

  beforeAll(async () => {
    if (backend === 'pglite') {
      pglite = new PGlite()
      await pglite.waitReady
      return
    }
    const adminUrl = inject('postgresUrl')
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    template = `tmpl_${randomBytes(6).toString('hex')}`
    await admin.query(`CREATE DATABASE ${template}`)
    const migrator = openPostgres(databaseUrl(adminUrl, template), { max: 1 })
    await migrator.migrate()
    await migrator.close()
  })

  beforeEach(async () => {
    if (pglite) {
      await pglite.exec(
        'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
      )
      const database = wrapPglite(pglite)
      await database.migrate()
      // The instance outlives the test; the file's afterAll closes it.
      current = { ...database, close: async () => {} }
      return
    }
    testDatabase = `test_${randomBytes(6).toString('hex')}`
    await admin!.query(`CREATE DATABASE ${testDatabase} TEMPLATE ${template}`)
    current = openPostgres(databaseUrl(inject('postgresUrl'), testDatabase), { max: options.poolSize ?? 4 })
  })

  afterEach(async () => {
    await current?.close()
    current = null
    if (testDatabase) await admin!.query(`DROP DATABASE IF EXISTS ${testDatabase} WITH (FORCE)`)
    testDatabase = ''
  })

  afterAll(async () => {
    await pglite?.close()
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
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
