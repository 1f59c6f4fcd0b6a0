/**
 * Child process of the benchmark: the real app (buildApp) on an in-memory PGlite (or the
 * PostgreSQL at BENCH_DATABASE_URL) with the demo seed, plus one extra plain JSON route that
 * returns the body `ping/config` answers, without signature checks or sealing. Registered here, not in server/, so production has no such route.
 *
 * Two more for the protocol section: `/api/bench/fresh-config` (signed like every route under
 * /api/) answers ping/config's text sealed with a fresh seed each time, as an answer that cannot
 * be shared is; `/bench/plain/user-info?userId=` does user/info's own work (one user read, its
 * JSON with the Authorization header as the token) without the protocol, session or envelope.
 *
 * And `/bench/checks`: the protocol's checks a signed `ping/config` cannot skip (the x-api-key
 * parsed, its clock, its HMAC, the nonce remembered), called one after the other with none of a
 * call route's own hooks (rate limit, CORS, session) or dispatch, before sealed bytes of the same length: the least a signed cached answer can cost.
 */
import { randomBytes } from 'node:crypto'
import { constantTimeEqual } from '../core/protocol/crypto.ts'
import { MAX_CLOCK_SKEW_SECONDS, NONCE_TTL_SECONDS } from '../core/protocol/defaults.ts'
import { parseApiKey } from '../core/protocol/sign.ts'
import { PGlite } from '@electric-sql/pglite'
import { buildApp } from '../server/app.ts'
import { parseConfig } from '../server/config.ts'
import { openPostgres, wrapPglite } from '../server/db/client.ts'
import { seedDemoData } from '../server/db/seed.ts'
import { findUserById } from '../server/modules/accounts/repo.ts'
import { toUserInfo } from '../server/modules/accounts/user-info.ts'
import { createMemoryNonceStore } from '../server/plugins/nonce-store.ts'
import { createSealer } from '../server/protocol/sealer.ts'
import { createSigner } from '../server/protocol/signature.ts'

const port = Number(process.argv[2])
const plainBody = JSON.parse(process.argv[3] ?? 'null') as unknown
// The per-client limits run (their cost is part of the figures) but never refuse the bench's
// single-address load; the flood section (BENCH_FLOOD) keeps production's limits and log level.
const flood = process.env.BENCH_FLOOD === '1'
const config = parseConfig({
  ...(flood ? {} : { RATE_LIMIT_PER_IP: '10000000', RATE_LIMIT_PER_SESSION: '10000000' }),
  ...process.env,
  PORT: String(port),
  LOG_LEVEL: flood ? 'info' : 'silent',
  STATIC_DIR: '/nonexistent',
})
// BENCH_DATABASE_URL: a PostgreSQL server (the watching section's throw-away one) instead.
const databaseUrl = process.env.BENCH_DATABASE_URL
const database = databaseUrl ? openPostgres(databaseUrl) : wrapPglite(new PGlite())
await database.migrate()
await seedDemoData(database.db, new Date())
const app = await buildApp({ config, db: database.db, log: { level: config.logLevel } })
// Serialised once, like the signed call's cached answer (server/cached.ts jsonText): the two
// routes then differ only by the protocol (checks, envelope), which is what the ratio is about.
const plainText = JSON.stringify(plainBody)
const JSON_TYPE = 'application/json; charset=utf-8'
const CONFIG_PATH = '/api/app/ping/config'
app.get('/bench/plain', (_request, reply) => reply.type(JSON_TYPE).send(plainText))
const seal = createSealer(config.apiSecret, randomBytes)
app.get('/api/bench/fresh-config', (_request, reply) => reply.type(JSON_TYPE).send(seal(plainText)))
const sign = createSigner(config.apiSecret)
const nonces = createMemoryNonceStore({ now: Date.now })
const sealedConfig = seal(plainText)
app.get('/bench/checks', (request, reply) => {
  const key = parseApiKey(request.headers['x-api-key'] as string | undefined)
  const xUserAgent = request.headers['x-user-agent'] as string | undefined
  const onTime = key && Math.abs(Math.floor(Date.now() / 1000) - key.t) <= MAX_CLOCK_SKEW_SECONDS
  const signed =
    onTime &&
    xUserAgent &&
    constantTimeEqual(sign({ token: '', path: CONFIG_PATH, xUserAgent, t: key.t, nonce: key.n }), key.s)
  if (!signed || !nonces.rememberNow(key.n, NONCE_TTL_SECONDS)) return reply.code(403).send()
  return reply.type(JSON_TYPE).send(sealedConfig)
})
app.post<{ Querystring: { userId: string } }>('/bench/plain/user-info', async (request, reply) => {
  const user = await findUserById(database.db, Number(request.query.userId))
  if (!user) return reply.code(404).send()
  const data = { ...toUserInfo(user, new Date()), token: request.headers.authorization ?? '' }
  return reply.type(JSON_TYPE).send(JSON.stringify({ code: 200, data, tip: '', msg: 'ok' }))
})
app.addHook('onClose', () => database.close())
await app.listen({ host: '127.0.0.1', port })
process.send?.('ready')
// The parent asks for this process's CPU time around each load phase (see run.ts).
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage()
    process.send?.({ cpuMicros: user + system })
  }
  if (message === 'memory') {
    const { rss, heapUsed } = process.memoryUsage()
    process.send?.({ rss, heapUsed })
  }
})
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
