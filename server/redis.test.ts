import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { BusinessCode, ResultCode } from '../core/protocol/codes.ts'
import type {} from '../tests/support/redis-global-setup.ts'
import { startRedis } from '../tests/support/redis.ts'
import { buildApp } from './app.ts'
import { parseConfig, type Config } from './config.ts'
import { revokeSession } from './modules/accounts/repo.ts'
import { MAX_FAILURES } from './modules/accounts/service.ts'
import { insertVideos, loginGuest } from './modules/wallet/testing.ts'
import { KEY_RATE_LIMIT } from './modules/watching/service.ts'
import { insertStream, testPlayTokens } from './modules/watching/testing.ts'
import { hashToken } from './plugins/session.ts'
import { connectRedis, REDIS_RETRY_AFTER_SECONDS, RedisUnreachableError, type SharedRedis } from './redis.ts'
import { TestClient } from './testing/client.ts'
import { BACKENDS, START_MS, useFreshDatabase, type Backend } from './testing/harness.ts'

const redisUrl = inject('redisUrl')
const missing = inject('redisMissing')

const PER_IP = 40
const PER_SESSION = 30

/**
 * Two app instances on one database and one Redis, each with its own connections, as two server
 * processes behind a load balancer; a key prefix of their own per test, since every test file
 * shares the one redis-server.
 */
function useTwoProcesses(backend: Backend) {
  const database = useFreshDatabase(backend)
  let nowMs = START_MS
  let config: Config
  const apps: FastifyInstance[] = []
  const connections: SharedRedis[] = []

  beforeEach(async () => {
    nowMs = START_MS
    const prefix = `test:${randomBytes(6).toString('hex')}:`
    config = {
      ...parseConfig({}),
      staticDir: '/nonexistent/marquee-dist',
      overloadEventLoopDelayMs: 0,
      rateLimitPerIp: PER_IP,
      rateLimitPerSession: PER_SESSION,
    }
    for (let i = 0; i < 2; i++) {
      const redis = await connectRedis(redisUrl, { prefix })
      connections.push(redis)
      const app = await buildApp({
        config,
        db: database.db,
        redis,
        log: { level: 'warn', stream: { write: () => {} } },
        checkAnswers: true,
        now: () => nowMs,
      })
      await app.ready()
      apps.push(app)
    }
  })

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close()
    for (const redis of connections.splice(0)) await redis.close()
  })

  const client = (process: 0 | 1) => new TestClient(apps[process]!, config.apiSecret, () => Math.floor(nowMs / 1000))
  return {
    get db() {
      return database.db
    },
    app: (process: 0 | 1) => apps[process]!,
    redis: (process: 0 | 1) => connections[process]!,
    client,
    /** One device's client on either process, sharing its token. */
    device(token = '') {
      const clients = [client(0), client(1)] as const
      for (const each of clients) each.token = token
      return clients
    },
    clock: {
      now: () => nowMs,
      advance(ms: number) {
        nowMs += ms
      },
    },
  }
}

describe.skipIf(!redisUrl)(redisUrl ? 'Redis' : `Redis: skipped (${missing})`, () => {
  it('refuses to start with a clear error when Redis does not answer, without the password', async () => {
    const unreachable = 'redis://:hunter2@127.0.0.1:1/0'
    const attempt = connectRedis(unreachable)
    await expect(attempt).rejects.toBeInstanceOf(RedisUnreachableError)
    await expect(attempt).rejects.toThrow(
      /^Could not connect to Redis \(REDIS_URL redis:\/\/:\*\*\*@127\.0\.0\.1:1\/0\)/,
    )
    await expect(attempt).rejects.not.toThrow(/hunter2/)
  })

  describe('a Redis that stops answering', () => {
    const database = useFreshDatabase(BACKENDS[0])

    it('a signed call is answered 503 with Retry-After, whether Redis hangs or is gone', async () => {
      const server = await startRedis()
      const redis = await connectRedis(server.url, { prefix: 'outage:' })
      const lines: string[] = []
      const config = { ...parseConfig({}), staticDir: '/nonexistent/marquee-dist' }
      const app = await buildApp({
        config,
        db: database.db,
        redis,
        log: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
        now: () => START_MS,
      })
      try {
        await app.ready()
        const client = new TestClient(app, config.apiSecret, () => Math.floor(START_MS / 1000))
        expect((await client.call('ping/check')).body.code).toBe(200)

        // Hung: Redis holds every command (CLIENT PAUSE), the command times out.
        await redis.client.call('CLIENT', 'PAUSE', '3000', 'ALL')
        const hung = await client.call('ping/check')
        expect(hung.status).toBe(503)
        expect(hung.headers['retry-after']).toBe(String(REDIS_RETRY_AFTER_SECONDS))

        // Gone: no connection, the command fails at once instead of waiting for a reconnect.
        await server.stop()
        for (let i = 0; i < 3; i++) {
          const gone = await client.call('ping/check')
          expect(gone.status).toBe(503)
          expect(gone.headers['retry-after']).toBe(String(REDIS_RETRY_AFTER_SECONDS))
        }
        const warnings = lines.filter((line) => line.includes('redis unavailable'))
        expect(warnings).toHaveLength(1)
        expect(lines.some((line) => line.includes('unexpected error'))).toBe(false)
      } finally {
        await app.close()
        redis.client.disconnect()
        await Promise.race([redis.close(), new Promise((resolve) => setTimeout(resolve, 1000))])
        await server.stop()
      }
    })
  })

  describe.each(BACKENDS)('two processes on one Redis (%s)', (backend) => {
    const t = useTwoProcesses(backend)

    it('a nonce used on one process is refused on the other (4005), once only however they race', async () => {
      const [a, b] = t.device()
      const first = await a.call('ping/check')
      expect(first.body.code).toBe(200)
      const replay = await b.send({ method: 'GET', url: '/api/app/ping/check', headers: first.sent.headers })
      expect(replay.status).toBe(403)
      expect(replay.body.code).toBe(ResultCode.ReplayedNonce)

      const nonce = randomBytes(16).toString('hex')
      const raced = await Promise.all([
        a.call('ping/check', undefined, { nonce }),
        b.call('ping/check', undefined, { nonce }),
      ])
      expect(raced.map((answer) => answer.body.code).sort()).toEqual([200, ResultCode.ReplayedNonce])
      const counts = [t.app(0).nonceStore.counts(), t.app(1).nonceStore.counts()]
      expect(counts[0]!.remembered + counts[1]!.remembered).toBe(2)
      expect(counts[0]!.replays + counts[1]!.replays).toBe(2)
    })

    it('the caller limits count the calls made to both processes, per address and per session', async () => {
      const [a, b] = t.device()
      const address = { remoteAddress: '198.51.100.7' }
      for (let i = 0; i < PER_IP; i++) {
        expect((await (i % 2 ? b : a).call('ping/check', undefined, address)).body.code).toBe(200)
      }
      const refused = await a.call('ping/check', undefined, address)
      expect(refused.body.code).toBe(ResultCode.RateLimited)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect((await b.call('ping/check', undefined, address)).body.code).toBe(ResultCode.RateLimited)
      expect((await b.call('ping/check', undefined, { remoteAddress: '198.51.100.8' })).body.code).toBe(200)

      // One session from many addresses: the per-session limit, whichever process a call reaches.
      const userId = await loginGuest(a, 'device-per-session')
      b.token = a.token
      expect(userId).toBeGreaterThan(0)
      const codes: number[] = []
      for (let i = 0; i < PER_SESSION; i++) {
        const answer = await (i % 2 ? b : a).call('user/info', {}, { remoteAddress: `203.0.113.${i + 1}` })
        codes.push(answer.body.code)
      }
      // The login was a call without a session, so it is not counted.
      expect(codes).toEqual(Array<number>(PER_SESSION).fill(200))
      const past = await b.call('user/info', {}, { remoteAddress: '203.0.113.99' })
      expect(past.body.code).toBe(ResultCode.RateLimited)
      // The session is counted by its hash: no token is written to Redis.
      expect(await t.redis(0).client.keys(`${t.redis(0).prefix}*${a.token}*`)).toEqual([])
    })

    it('wrong passwords count on both processes: past the limit each refuses (4290)', async () => {
      const [a, b] = t.device()
      const codes: number[] = []
      // From many addresses, so only the account's own count can stop them.
      for (let i = 0; i < MAX_FAILURES + 1; i++) {
        const answer = await (i % 2 ? b : a).call(
          'login/account/login',
          { account: 'nobody_here', password: `wrong password ${i}` },
          { remoteAddress: `198.51.100.${i + 1}` },
        )
        codes.push(answer.body.code)
      }
      expect(codes).toEqual([...Array<number>(MAX_FAILURES).fill(BusinessCode.LoginFailed), ResultCode.RateLimited])
      const other = MAX_FAILURES % 2 ? a : b
      const refused = await other.call(
        'login/account/login',
        { account: 'nobody_here', password: 'one more' },
        { remoteAddress: '198.51.100.200' },
      )
      expect(refused.body.code).toBe(ResultCode.RateLimited)
    })

    it('a logout on one process is refused by the other on its next call, within the session cache time', async () => {
      const [a, b] = t.device()
      const [other] = t.device()
      await loginGuest(a, 'device-logout')
      b.token = a.token
      await loginGuest(other, 'device-control')
      // Both processes look the sessions up now, and remember them for SESSION_CACHE_MS.
      for (const token of [a.token, other.token]) {
        expect((await b.call('user/info', {}, { token })).body.code).toBe(200)
      }
      // The control: a session ended in the database without telling anyone is still trusted from
      // process b's memory (the clock stands still), so only the channel can make b refuse the other.
      await revokeSession(t.db, hashToken(other.token), new Date(t.clock.now()))
      expect((await b.call('user/info', {}, { token: other.token })).body.code).toBe(200)

      expect((await a.call('user/logout', {})).body.code).toBe(200)
      expect((await b.call('user/info', {})).body.code).toBe(ResultCode.SessionInvalid)
      expect((await b.call('user/info', {}, { token: other.token })).body.code).toBe(200)
    })

    it('a process whose subscription dropped stops trusting its cached sessions', async () => {
      const [a, b] = t.device()
      await loginGuest(a, 'device-dropped')
      b.token = a.token
      expect((await b.call('user/info', {})).body.code).toBe(200)
      // Ended in the database only: b trusts its memory while it hears the channel (the clock stands still)…
      await revokeSession(t.db, hashToken(a.token), new Date(t.clock.now()))
      expect((await b.call('user/info', {})).body.code).toBe(200)
      // …and not once its subscriber connection is gone (both processes' here), a revocation may be lost.
      const redis = t.redis(0)
      const clients = (await redis.client.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string
      const ids = clients
        .split('\n')
        .filter((line) => line.includes(` name=${redis.prefix}subscriber `))
        .map((line) => /\bid=(\d+)/.exec(line)![1]!)
      expect(ids).toHaveLength(2)
      for (const id of ids) await redis.client.call('CLIENT', 'KILL', 'ID', id)
      await vi.waitFor(async () => expect((await b.call('user/info', {})).body.code).toBe(ResultCode.SessionInvalid), {
        timeout: 10_000,
      })
      expect(await t.redis(1).ping()).toBe(true)
    })

    it(`the key endpoint's ${KEY_RATE_LIMIT} a minute count the requests to both processes`, async () => {
      const [videoId] = await insertVideos(t.db, [{}])
      await insertStream(t.db, videoId!)
      const [a] = t.device()
      const userId = await loginGuest(a, 'device-keys')
      const token = await testPlayTokens(t.db, t.clock.now).issue(userId, videoId!)
      const getKey = (process: 0 | 1) =>
        t.app(process).inject({ method: 'GET', url: `/api/media/key/${videoId}?pt=${encodeURIComponent(token)}` })
      for (let i = 0; i < KEY_RATE_LIMIT; i++) expect((await getKey(i % 2 ? 1 : 0)).statusCode).toBe(200)
      expect((await getKey(0)).statusCode).toBe(429)
      expect((await getKey(1)).statusCode).toBe(429)
    })
  })
})
