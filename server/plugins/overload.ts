import { getHeapStatistics } from 'node:v8'
import underPressure from '@fastify/under-pressure'
import type { FastifyInstance } from 'fastify'
import { Counter, type Registry } from 'prom-client'
import type { Config } from '../config.ts'

/** How often @fastify/under-pressure samples the event-loop delay (its default, set explicitly). */
const PRESSURE_SAMPLE_INTERVAL_MS = 1000

/**
 * After the app is ready, the plugin's samples still cover start-up work (registering the routes
 * after this plugin, the static app, starting the jobs, listening): the first sample may span the
 * moment it became ready, and a stall just after a sample falls into the next. Until the third a
 * lagging event loop is the server's own start, not load.
 */
export const STARTUP_GRACE_MS = 3 * PRESSURE_SAMPLE_INTERVAL_MS

/** What an overloaded server tells a client to wait before trying again. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5

/**
 * Route config that keeps a route answering under pressure: the health and metrics routes, so
 * a load balancer and a scraper still see the process (the plugin's per-route handler).
 */
export const EXEMPT_FROM_OVERLOAD = { pressureHandler: () => undefined }

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler; EXEMPT_FROM_OVERLOAD lets the request through. */
    pressureHandler?: () => undefined
  }
}

/**
 * Load shedding (@fastify/under-pressure): past the configured event-loop delay or share of V8's
 * heap, every request is answered 503 with Retry-After at once, so a client backs off instead of
 * waiting in a queue whose latency keeps growing. Both thresholds 0: nothing is shed. The delay
 * measured during the server's own start-up (STARTUP_GRACE_MS) sheds nothing (issue 24).
 */
export async function registerOverloadShedding(
  app: FastifyInstance,
  options: { config: Pick<Config, 'overloadEventLoopDelayMs' | 'overloadHeapPercent'>; metrics: Registry },
) {
  const { overloadEventLoopDelayMs, overloadHeapPercent } = options.config
  if (overloadEventLoopDelayMs === 0 && overloadHeapPercent === 0) return
  const shed = new Counter({
    name: 'marquee_overload_rejected_total',
    help: 'Requests answered 503 because the process was overloaded, by the threshold passed.',
    labelNames: ['reason'],
    registers: [options.metrics],
  })
  let readyAt: number | null = null
  app.addHook('onReady', async () => {
    readyAt = performance.now()
  })
  const startingUp = () => readyAt === null || performance.now() - readyAt < STARTUP_GRACE_MS
  await app.register(underPressure, {
    sampleInterval: PRESSURE_SAMPLE_INTERVAL_MS,
    maxEventLoopDelay: overloadEventLoopDelayMs,
    maxHeapUsedBytes: Math.floor((getHeapStatistics().heap_size_limit * overloadHeapPercent) / 100),
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    // Rejecting makes the plugin call next(error): the request stops in its onRequest hook and
    // app.ts's error handler answers (OverloadedError). Sending here and returning nothing would
    // let the plugin call next() and leave only Fastify's reply.sent check between the 503 and the handler.
    pressureHandler: async (_request, _reply, type) => {
      if (type === 'eventLoopDelay' && startingUp()) return undefined
      shed.inc({ reason: type })
      throw new OverloadedError(type)
    },
  })
}

/** A request shed under pressure: answered a plain 503 with Retry-After (app.ts's error handler). */
export class OverloadedError extends Error {
  override name = 'OverloadedError'
  readonly retryAfterSeconds = OVERLOAD_RETRY_AFTER_SECONDS
  constructor(readonly reason: string) {
    super(`overloaded (${reason})`)
  }
}
