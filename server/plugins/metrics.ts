import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { CALL_PATH_PREFIX } from '../../core/contracts/call.ts'
import { connectionStatsOf, type Db } from '../db/client.ts'
import { sendPlainStatus } from '../errors.ts'
import { loggableError } from '../loggable-error.ts'
import { countJobs } from '../modules/jobs/queue.ts'
import type { NonceStore } from './nonce-store.ts'
import { EXEMPT_FROM_OVERLOAD } from './overload.ts'

let processMetrics: Registry | null = null

/**
 * Node's own metrics (CPU, memory, event-loop lag, GC, handles) describe the process, not an app:
 * one registry per process, however many apps tests build (each set starts timers and observers
 * that nothing stops).
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry()
    collectDefaultMetrics({ register: processMetrics })
  }
  return processMetrics
}

export interface MetricsOptions {
  db: Db
  /** METRICS_TOKEN; empty: loopback only. */
  token: string
  /** A store that can count its nonces cheaply says so with `size` (the in-process one does). */
  nonceStore: NonceStore & { size?: () => number }
  log: FastifyBaseLogger
}

/**
 * The label of a request: a call's registry name (`media/info`), else the route's pattern
 * (`/hls/*`, `/api/media/key/:id`), else `unmatched` — never the URL a client wrote, which would
 * both leak what it carries and give every scanner's path a series of its own.
 */
function routeLabelOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url
  if (pattern === undefined) return 'unmatched'
  return pattern.startsWith(CALL_PATH_PREFIX) ? pattern.slice(CALL_PATH_PREFIX.length) : pattern
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '')
}

/** Compared as hashes, so neither the length nor any prefix of the token leaks through timing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`))
}

/**
 * `/metrics` in Prometheus's text format (prom-client): requests and their latency by call, the
 * database connections, the job queue, the nonce store, and Node's process metrics. Answers a
 * METRICS_TOKEN bearer, or without one only a request made straight over loopback (none a proxy
 * forwarded, since a proxy on this machine connects from loopback for everyone). Returns the app's
 * registry, where other parts add their own metrics (`registers: [app.metrics]`).
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Registry {
  const { db, token, nonceStore, log } = options
  const registry = new Registry()
  const registers = [registry]

  const requests = new Counter({
    name: 'marquee_http_requests_total',
    help: 'Requests answered, by call (or route pattern), method and HTTP status.',
    labelNames: ['call', 'method', 'status'],
    registers,
  })
  const duration = new Histogram({
    name: 'marquee_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer sent, by call (or route pattern) and method.',
    labelNames: ['call', 'method'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  app.addHook('onResponse', (request, reply, done) => {
    const call = routeLabelOf(request)
    requests.inc({ call, method: request.method, status: reply.statusCode })
    duration.observe({ call, method: request.method }, reply.elapsedTime / 1000)
    done()
  })

  new Gauge({
    name: 'marquee_database_embedded',
    help: '1 on the embedded database (PGlite, one connection, no pool), 0 on a PostgreSQL server.',
    registers,
    collect() {
      this.set(connectionStatsOf(db).kind === 'pglite' ? 1 : 0)
    },
  })
  new Gauge({
    name: 'marquee_database_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, and queries waiting for one.',
    labelNames: ['state'],
    registers,
    collect() {
      this.reset()
      const stats = connectionStatsOf(db)
      if (stats.kind === 'pglite') return
      this.set({ state: 'total' }, stats.total)
      this.set({ state: 'idle' }, stats.idle)
      this.set({ state: 'waiting' }, stats.waiting)
    },
  })
  new Gauge({
    name: 'marquee_jobs',
    help: 'Background jobs queued, running, and failed for good, across every process.',
    labelNames: ['state'],
    registers,
    async collect() {
      this.reset()
      try {
        const counts = await countJobs(db)
        for (const [state, count] of Object.entries(counts)) this.set({ state }, count)
      } catch (error) {
        // Left out of this scrape; the database's own failure shows on /readyz.
        log.warn({ err: loggableError(error) }, 'metrics: could not count jobs')
      }
    },
  })
  new Gauge({
    name: 'marquee_nonce_store_entries',
    help: 'Nonces the in-process replay store remembers (absent when a shared store keeps them).',
    registers,
    collect() {
      this.reset()
      const size = nonceStore.size?.()
      if (size !== undefined) this.set(size)
    },
  })

  app.get('/metrics', { config: EXEMPT_FROM_OVERLOAD }, async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer')
      return sendPlainStatus(reply, 401)
    }
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined
    if (!token && (forwarded || !isLoopback(request.socket.remoteAddress))) return sendPlainStatus(reply, 403)
    const text = (await processRegistry().metrics()) + (await registry.metrics())
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text)
  })
  return registry
}
