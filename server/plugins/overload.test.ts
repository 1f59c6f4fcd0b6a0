import { setTimeout as wait } from 'node:timers/promises'
import Fastify from 'fastify'
import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/harness.ts'
import { OVERLOAD_RETRY_AFTER_SECONDS, STARTUP_GRACE_MS, registerOverloadShedding } from './overload.ts'

/** Keeps the event loop busy, as a request doing too much work on it would. */
function blockEventLoop(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // busy: nothing else runs
  }
}

describe('overload shedding', () => {
  // 1 ms of mean event-loop delay: any blocked stretch passes it at the plugin's next sample.
  const t = useTestApp('pglite', { config: { overloadEventLoopDelayMs: 1 } })

  it('answers 503 with Retry-After while the event loop lags, and keeps the health routes answering', async () => {
    const deadline = Date.now() + 20_000
    let shed = await t.app.inject({ url: '/api/app/ping/check' })
    while (shed.statusCode !== 503 && Date.now() < deadline) {
      blockEventLoop(200)
      // Let the plugin's sampling timer run before asking again.
      await new Promise((resolve) => setImmediate(resolve))
      shed = await t.app.inject({ url: '/api/app/ping/check' })
    }
    expect(shed.statusCode).toBe(503)
    expect(shed.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS))
    expect(shed.body).toBe('Service Unavailable')
    const crossOrigin = await t.app.inject({
      url: '/api/app/ping/check',
      headers: { origin: 'https://elsewhere.example' },
    })
    expect(crossOrigin.statusCode).toBe(503)
    expect(crossOrigin.headers['access-control-allow-origin']).toBe('*')
    // Its preflight is answered, or the browser would report a network error instead of the 503.
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/app/ping/check',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('*')
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200)
    const metrics = (await t.app.inject({ url: '/metrics' })).body
    expect(metrics).toMatch(/marquee_overload_rejected_total\{reason="eventLoopDelay"\} [1-9]/)
  })

  it('sheds nothing with both thresholds 0', async () => {
    await t.rebuild({ overloadEventLoopDelayMs: 0, overloadHeapPercent: 0 })
    blockEventLoop(1500)
    await new Promise((resolve) => setImmediate(resolve))
    expect((await t.app.inject({ url: '/api/app/ping/check' })).statusCode).not.toBe(503)
  })
})

describe('overload shedding right after a start', () => {
  it('does not shed because of the event-loop delay of its own start-up (issue 24)', async () => {
    const app = Fastify()
    await registerOverloadShedding(app, {
      config: { overloadEventLoopDelayMs: 50, overloadHeapPercent: 0 },
      metrics: new Registry(),
    })
    app.get('/ping', async () => 'pong')
    // Start-up work after the plugin began measuring (routes, the static app, jobs) blocks like this.
    blockEventLoop(1200)
    await app.ready()
    try {
      // Real time: the plugin samples on its own timer, past the samples that cover the start.
      const until = performance.now() + STARTUP_GRACE_MS + 500
      const statuses = new Set<number>()
      while (performance.now() < until) {
        statuses.add((await app.inject({ url: '/ping' })).statusCode)
        await wait(100)
      }
      expect([...statuses]).toEqual([200])
    } finally {
      await app.close()
    }
  })
})
