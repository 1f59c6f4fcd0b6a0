import { afterEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { BACKENDS, useTestApp } from '../testing/harness.ts'
import { READINESS_REUSE_MS, type ReadinessProbe } from './health.ts'

describe.each(BACKENDS)('/healthz and /readyz (%s)', (backend) => {
  const t = useTestApp(backend)
  let other: FastifyInstance | null = null
  afterEach(async () => {
    await other?.close()
    other = null
  })

  it('answers alive, and ready once the database answers select 1', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } })
  })

  it('answers 503 naming the part that failed, and the reason only in the log', async () => {
    const redis: ReadinessProbe = {
      name: 'redis',
      check: () => Promise.reject(new Error('connect ECONNREFUSED redis://:hunter2@10.0.0.5')),
    }
    const logs: string[] = []
    other = await buildApp({
      config: t.config,
      db: t.db,
      log: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
      readinessProbes: [redis],
    })
    const answer = await other.inject({ url: '/readyz' })
    expect(answer.statusCode).toBe(503)
    expect(answer.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'failed' } })
    expect(answer.body).not.toContain('hunter2')
    expect(logs.join('')).toContain('readiness probe failed')
  })

  it('answers a burst of checks from one round of probes, and probes again a second later', async () => {
    let checks = 0
    const counted: ReadinessProbe = { name: 'counted', check: async () => void checks++ }
    other = await buildApp({
      config: t.config,
      db: t.db,
      log: { level: 'silent' },
      now: t.clock.now,
      readinessProbes: [counted],
    })
    const answers = await Promise.all(Array.from({ length: 5 }, () => other!.inject({ url: '/readyz' })))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(checks).toBe(1)
    t.clock.advance(READINESS_REUSE_MS - 1)
    await other.inject({ url: '/readyz' })
    expect(checks).toBe(1)
    t.clock.advance(1)
    await other.inject({ url: '/readyz' })
    expect(checks).toBe(2)
  })
})
