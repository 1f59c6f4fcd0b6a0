import { describe, expect, it } from 'vitest'
import { BACKENDS, useTestApp } from '../testing/harness.ts'

/** One sample's value from Prometheus's text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe.each(BACKENDS)('/metrics (%s)', (backend) => {
  const t = useTestApp(backend)
  const scrape = async (headers: Record<string, string> = {}) => (await t.app.inject({ url: '/metrics', headers })).body

  it('counts calls by their registry name and routes by their pattern, never by the URL asked', async () => {
    expect((await t.client.call('login/guest', { devID: 'metrics-device' })).body.code).toBe(200)
    await t.app.inject({ url: '/api/media/key/12345?token=secret-in-a-url' })
    await t.app.inject({ url: '/no/such/secret-path' })
    await t.app.inject({ url: '/api/app/no/such/secret-call' })
    const text = await scrape()
    expect(sample(text, 'marquee_http_requests_total{call="login/guest",method="POST",status="200"}')).toBe(1)
    expect(text).toMatch(/marquee_http_request_duration_seconds_count\{call="login\/guest",method="POST"\} 1/)
    expect(text).toMatch(/call="\/api\/media\/key\/:videoId"/)
    expect(sample(text, 'marquee_http_requests_total{call="unmatched",method="GET",status="404"}')).toBe(1)
    // No built app here: an unknown page answers 503 "not built".
    expect(sample(text, 'marquee_http_requests_total{call="unmatched",method="GET",status="503"}')).toBe(1)
    expect(text).not.toContain('secret')
  })

  it('reports the database, the job queue, the nonce store and the process', async () => {
    await t.client.call('login/guest', { devID: 'metrics-nonce' })
    const text = await scrape()
    expect(sample(text, 'marquee_database_embedded')).toBe(backend === 'pglite' ? 1 : 0)
    if (backend === 'postgres') {
      expect(sample(text, 'marquee_database_pool_connections{state="total"}')).toBeGreaterThan(0)
      expect(sample(text, 'marquee_database_pool_connections{state="waiting"}')).toBe(0)
    } else {
      expect(text).not.toContain('marquee_database_pool_connections{')
    }
    for (const state of ['queued', 'running', 'failed']) expect(sample(text, `marquee_jobs{state="${state}"}`)).toBe(0)
    expect(sample(text, 'marquee_nonce_store_entries')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })
})

describe('who may read /metrics', () => {
  const t = useTestApp('pglite')

  it('without METRICS_TOKEN: loopback only, and never a request a proxy forwarded', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403)
    const forwarded = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(forwarded.statusCode).toBe(403)
  })

  it('with METRICS_TOKEN: its bearer from anywhere, nothing else', async () => {
    const token = 'a-scrape-token-0123456789'
    await t.rebuild({ metricsToken: token })
    const asked = async (headers: Record<string, string>) =>
      t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers })
    expect((await asked({ authorization: `Bearer ${token}` })).statusCode).toBe(200)
    const refused = await asked({ authorization: `Bearer ${token}x` })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['www-authenticate']).toBe('Bearer')
    expect((await asked({})).statusCode).toBe(401)
    expect((await t.app.inject({ url: `/metrics?token=${token}` })).statusCode).toBe(401)
  })
})
