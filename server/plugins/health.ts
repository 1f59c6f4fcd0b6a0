import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { loggableError } from '../loggable-error.ts'
import { EXEMPT_FROM_OVERLOAD } from './overload.ts'

/** A part the server needs to serve (the database, Redis): `check` rejects when it cannot be reached. */
export interface ReadinessProbe {
  /** Shown in /readyz's answer: `database`, `redis`. */
  name: string
  check(): Promise<void>
}

/** A probe that has not answered by then counts as failed: a load balancer should not wait on it. */
export const PROBE_TIMEOUT_MS = 2000
/** /readyz answers from one round of probes for this long: a burst of checks costs one query. */
export const READINESS_REUSE_MS = 1000

export function databaseProbe(db: Db): ReadinessProbe {
  return { name: 'database', check: async () => void (await db.execute(sql`select 1`)) }
}

function withTimeout(check: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer))
}

/**
 * `/healthz`: the process answers (a liveness check: restart it when this fails). `/readyz`:
 * every probe answered (send it traffic): 200, or 503 naming the parts that failed — only their
 * names; the reason goes to the log, since a driver's message can hold a host or a user.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  probes: readonly ReadinessProbe[],
  now: () => number = Date.now,
) {
  const routeOptions = { config: EXEMPT_FROM_OVERLOAD }
  let last: { at: number; results: Promise<(readonly [string, 'ok' | 'failed'])[]> } | null = null
  const probeAll = (log: FastifyInstance['log']) =>
    Promise.all(
      probes.map(async (probe) => {
        try {
          await withTimeout(probe.check(), PROBE_TIMEOUT_MS)
          return [probe.name, 'ok'] as const
        } catch (error) {
          log.warn({ probe: probe.name, err: loggableError(error) }, 'readiness probe failed')
          return [probe.name, 'failed'] as const
        }
      }),
    )
  app.get('/healthz', routeOptions, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send('{"status":"ok"}')
  })
  app.get('/readyz', routeOptions, async (request, reply) => {
    if (!last || now() - last.at >= READINESS_REUSE_MS) last = { at: now(), results: probeAll(request.log) }
    const results = await last.results
    const ready = results.every(([, result]) => result === 'ok')
    return reply
      .code(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) })
  })
}
