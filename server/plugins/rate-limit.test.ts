import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { TestClient } from '../testing/client.ts'
import { useTestApp } from '../testing/harness.ts'
import { createMemoryNonceStore } from './nonce-store.ts'

const ATTACKER = '203.0.113.7'
const USER = '198.51.100.20'

describe('per-client limits (pglite)', () => {
  const t = useTestApp('pglite')
  let app: FastifyInstance | null = null
  afterEach(async () => {
    await app?.close()
    app = null
  })

  /** The app with a nonce store of 1,000 entries, so a flood of a few thousand fills it. */
  async function buildWithSmallNonceStore(limits: { rateLimitPerIp: number; rateLimitPerSession?: number }) {
    app = await buildApp({
      config: { ...t.config, rateLimitPerSession: 0, ...limits },
      db: t.db,
      log: { level: 'silent' },
      now: t.clock.now,
      nonceStore: createMemoryNonceStore({ now: t.clock.now, maxEntries: 1000 }),
    })
    return new TestClient(app, t.config.apiSecret, () => Math.floor(t.clock.now() / 1000))
  }

  async function flood(client: TestClient, requests: number) {
    const statuses = new Map<number, number>()
    for (let i = 0; i < requests; i += 100) {
      const batch = Array.from({ length: 100 }, () => client.call('ping/check', undefined, { remoteAddress: ATTACKER }))
      for (const answer of await Promise.all(batch)) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
    }
    return statuses
  }

  it('a flood of signed calls from one address is refused 4290 there, and another address is still served', async () => {
    const client = await buildWithSmallNonceStore({ rateLimitPerIp: 300 })
    const statuses = await flood(client, 3000)
    expect(statuses).toEqual(
      new Map([
        [200, 300],
        [429, 2700],
      ]),
    )
    // Refused before the protocol's checks: a refused call's nonce is not remembered.
    expect(app!.nonceStore.counts().remembered).toBe(300)
    const refused = await client.call('ping/check', undefined, { remoteAddress: ATTACKER })
    expect(refused).toMatchObject({ status: 429, sealed: false, body: { code: 4290 } })
    expect(refused.headers['retry-after']).toMatch(/^\d+$/)
    for (let i = 0; i < 20; i++) {
      expect((await client.call('ping/check', undefined, { remoteAddress: USER })).body.code).toBe(200)
    }
    // Health checks are not API calls: never limited.
    expect((await app!.inject({ url: '/healthz', remoteAddress: ATTACKER })).statusCode).toBe(200)
  })

  it('a full nonce store makes room instead of refusing: with no limit, the flood still locks no one out', async () => {
    const client = await buildWithSmallNonceStore({ rateLimitPerIp: 0 })
    expect(await flood(client, 3000)).toEqual(new Map([[200, 3000]]))
    expect((await client.call('ping/check', undefined, { remoteAddress: USER })).body.code).toBe(200)
  })

  it('limits one session token across addresses, and no other', async () => {
    const client = await buildWithSmallNonceStore({ rateLimitPerIp: 0, rateLimitPerSession: 20 })
    const token = 'a'.repeat(64)
    const from = (i: number) => `192.0.2.${i}`
    const codes = []
    for (let i = 0; i < 25; i++) {
      codes.push((await client.call('ping/check', undefined, { token, remoteAddress: from(i) })).body.code)
    }
    expect(codes.filter((code) => code === 200)).toHaveLength(20)
    expect(codes.slice(20)).toEqual([4290, 4290, 4290, 4290, 4290])
    expect((await client.call('ping/check', undefined, { token: 'b'.repeat(64) })).body.code).toBe(200)
    expect((await client.call('ping/check', undefined, { token: '' })).body.code).toBe(200)
  })
})
