import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SEED_LENGTH } from '../../core/protocol/envelope.ts'
import { sessions, users } from '../db/schema/accounts.ts'
import { announcements } from '../db/schema/ping.ts'
import { HOME_CACHE_MS } from '../modules/catalogue/service.ts'
import { CONFIG_CACHE_MS } from '../modules/ping/service.ts'
import { BACKENDS, START_MS, useTestApp } from '../testing/harness.ts'
import { sealBody, signApiKey, TEST_USER_AGENT, type CallAnswer } from '../testing/client.ts'
import { rawRequest } from '../testing/raw-request.ts'

const DEVICE = 'device-0123456789'

describe.each(BACKENDS)('protocol conformance (%s)', (backend) => {
  const t = useTestApp(backend)

  const countRows = async (table: typeof users | typeof sessions) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n

  async function login() {
    const answer = await t.client.call('login/guest', { devID: DEVICE, affCode: '', token: '' })
    expect(answer.body.code).toBe(200)
    t.client.token = (answer.body.data as { token: string }).token
    return answer
  }

  it('accepts a correctly signed session: ping/config, login/guest, user/info', async () => {
    const config = await t.client.call('ping/config')
    expect(config.status).toBe(200)
    expect(config.body.code).toBe(200)
    const loggedIn = await login()
    const info = await t.client.call('user/info', {})
    expect(info.body).toMatchObject({ code: 200, data: { id: (loggedIn.body.data as { id: number }).id } })
  })

  it.each([
    ['no x-api-key', { 'x-api-key': undefined }],
    ['no X-User-Agent', { 'X-User-Agent': undefined }],
    ['a malformed x-api-key', { 'x-api-key': 't=1;n=xyz;s=abc' }],
    ['an upper-case nonce', { 'x-api-key': `t=1767225600;n=${'A'.repeat(32)};s=${'0'.repeat(40)}` }],
  ])('answers 403 4003 to %s', async (_, headers) => {
    const answer = await t.client.call('ping/check', undefined, { headers })
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ code: 4003 })
    expect(answer.sealed).toBe(false)
  })

  it('answers 4003 to a bad signature: wrong secret, other path, other token, other user agent', async () => {
    const now = Math.floor(t.clock.now() / 1000)
    const nonce = 'ab'.repeat(16)
    const cases = [
      signApiKey('wrong secret', { token: '', path: '/api/app/ping/check', ua: TEST_USER_AGENT, t: now, nonce }),
      signApiKey(t.config.apiSecret, { token: '', path: '/api/app/ping/config', ua: TEST_USER_AGENT, t: now, nonce }),
      signApiKey(t.config.apiSecret, { token: 'x', path: '/api/app/ping/check', ua: TEST_USER_AGENT, t: now, nonce }),
      signApiKey(t.config.apiSecret, { token: '', path: '/api/app/ping/check', ua: 'other', t: now, nonce }),
    ]
    for (const apiKey of cases) {
      const answer = await t.client.call('ping/check', undefined, { headers: { 'x-api-key': apiKey } })
      expect(answer.status).toBe(403)
      expect(answer.body.code).toBe(4003)
    }
  })

  it('signs the path without the query string', async () => {
    const answer = await t.client.call('ping/check', undefined, { query: 'token=abc' })
    expect(answer.body.code).toBe(200)
  })

  it('answers 4004 with serverTime beyond 300 s of skew either way, and accepts 300 s', async () => {
    // 300 s in the past is accepted once the server has run for 300 s (see the restart test).
    t.clock.advance(300_000)
    const now = Math.floor(t.clock.now() / 1000)
    for (const skew of [301, -301, 3600]) {
      const answer = await t.client.call('ping/check', undefined, { t: now + skew })
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual({ code: 4004, msg: expect.any(String), serverTime: now })
    }
    for (const skew of [300, -300]) {
      expect((await t.client.call('ping/check', undefined, { t: now + skew })).body.code).toBe(200)
    }
  })

  it('answers 4005 to a replayed nonce, still within 600 s', async () => {
    const nonce = 'cd'.repeat(16)
    expect((await t.client.call('ping/check', undefined, { nonce })).body.code).toBe(200)
    t.clock.advance(290_000)
    const replay = await t.client.call('ping/check', undefined, { nonce })
    expect(replay.status).toBe(403)
    expect(replay.body.code).toBe(4005)
  })

  it('refuses after a restart a request it accepted before, even with another body', async () => {
    const first = await login()
    t.clock.advance(2_000)
    await t.rebuild()
    const replay = await t.client.send({
      method: 'POST',
      url: '/api/app/login/guest',
      headers: first.sent.headers,
      payload: JSON.stringify({ devID: 'another-device-1234', affCode: '' }),
    })
    expect(replay.status).toBe(403)
    expect(replay.body).toEqual({ code: 4004, msg: expect.any(String), serverTime: Math.floor(t.clock.now() / 1000) })
    expect(await countRows(users)).toBe(1)
    // The app re-syncs its clock on 4004 and signs again: that is accepted.
    expect((await t.client.call('ping/check')).body.code).toBe(200)
  })

  it.each([
    ['an encoded letter', '/%61pi/app/login/guest'],
    ['an encoded upper-case letter', '/%41pi/app/login/guest'],
    ['an encoded slash', '/api/app/login%2fguest'],
    ['an encoded slash before app', '/api%2fapp/login/guest'],
    ['a double slash', '/api//app/login/guest'],
    ['a leading double slash', '//api/app/login/guest'],
    ['a dot segment', '/api/app/./login/guest'],
    ['a dot-dot segment', '/api/app/x/../login/guest'],
    ['encoded dot segments', '/api/app/x/%2e%2e/login/guest'],
    ['upper case', '/API/app/login/guest'],
    ['mixed case', '/Api/App/Login/Guest'],
  ])('no call answers %s unsigned', async (_, url) => {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const answer = await rawRequest(origin, url, {
      method: 'POST',
      body: JSON.stringify({ devID: DEVICE, affCode: '' }),
    })
    expect([403, 404]).toContain(answer.status)
    expect(answer.body).not.toContain('hash')
    expect(await countRows(users)).toBe(0)
  })

  it.each(['/%61pi/app/ping/config', '/%61pi/app/ping/announcement', '/%61pi/app/content/info'])(
    '%s unsigned answers 4003',
    async (url) => {
      const answer = await t.client.send({ method: url.endsWith('config') ? 'GET' : 'POST', url, headers: {} })
      expect(answer).toMatchObject({ status: 403, body: { code: 4003 } })
    },
  )

  it('a replayed login/guest creates nothing', async () => {
    const first = await t.client.call('login/guest', { devID: DEVICE, affCode: '', token: '' })
    expect(first.body.code).toBe(200)
    const [usersBefore, sessionsBefore] = [await countRows(users), await countRows(sessions)]
    const replay = await t.client.resend(first, '/api/app/login/guest')
    expect(replay.status).toBe(403)
    expect(replay.body.code).toBe(4005)
    expect([await countRows(users), await countRows(sessions)]).toEqual([usersBefore, sessionsBefore])
  })

  it('a login/guest with a bad signature creates nothing', async () => {
    const answer = await t.client.call(
      'login/guest',
      { devID: DEVICE, affCode: '', token: '' },
      { headers: { 'x-api-key': `t=${Math.floor(t.clock.now() / 1000)};n=${'ef'.repeat(16)};s=${'0'.repeat(40)}` } },
    )
    expect(answer.body.code).toBe(4003)
    expect(await countRows(users)).toBe(0)
  })

  it('answers 1000 on a secured call without a token, with an unknown token and after logout', async () => {
    expect((await t.client.call('user/info', {})).body.code).toBe(1000)
    expect((await t.client.call('user/info', {}, { token: 'f'.repeat(64) })).body.code).toBe(1000)
    await login()
    expect((await t.client.call('user/info', {})).body.code).toBe(200)
    expect((await t.client.call('user/logout', {})).body.code).toBe(200)
    const after = await t.client.call('user/info', {})
    expect(after.status).toBe(200)
    expect(after.body.code).toBe(1000)
  })

  it('answers 1000 once the session expires', async () => {
    await login()
    t.clock.advance(t.config.sessionTtlDays * 24 * 3600 * 1000 + 1000)
    expect((await t.client.call('user/info', {})).body.code).toBe(1000)
  })
})

describe.each(BACKENDS)('envelopes (%s)', (backend) => {
  const t = useTestApp(backend)

  it('accepts sealed and plain request bodies', async () => {
    const sealed = await t.client.call('login/guest', { devID: DEVICE, affCode: '' }, { seal: true })
    const plain = await t.client.call('login/guest', { devID: DEVICE, affCode: '' })
    expect(sealed.body.code).toBe(200)
    expect(plain.body.code).toBe(200)
    expect((sealed.body.data as { id: number }).id).toBe((plain.body.data as { id: number }).id)
  })

  it.each([
    ['data that is not base64', JSON.stringify({ hash: true, data: '***' }), 'body: envelope data is not base64'],
    [
      'a truncated envelope',
      JSON.stringify({ hash: true, data: 'AAAAAAAAAAAAAAAA' }),
      'body: envelope data has the wrong length',
    ],
    ['not JSON', '{"devID":', 'body: not valid JSON'],
  ])('answers 4000 to %s', async (_, rawBody, msg) => {
    const answer = await t.client.call('login/guest', undefined, { rawBody })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ code: 4000, msg })
  })

  it('does not open the body of a call that takes no input, and still checks the signature', async () => {
    const rawBody = JSON.stringify({ hash: true, data: '***' })
    const ignored = await t.client.call('ping/announcement', undefined, { method: 'POST', rawBody })
    expect(ignored.body).toMatchObject({ code: 200, msg: 'ok' })
    const unsigned = await t.client.call('ping/announcement', undefined, {
      method: 'POST',
      rawBody,
      headers: { 'x-api-key': undefined },
    })
    expect(unsigned).toMatchObject({ status: 403, body: { code: 4003 } })
  })

  it('answers 4000 to an envelope sealed with another secret', async () => {
    const answer = await t.client.call('login/guest', undefined, {
      rawBody: JSON.stringify(sealBody('another secret', { devID: DEVICE })),
    })
    expect(answer.body).toMatchObject({ code: 4000, msg: 'body: envelope does not decrypt with this secret' })
  })

  it('seals responses when ENCRYPT_HTTP is on and answers plain JSON when off', async () => {
    const sealed = await t.client.call('ping/check')
    expect(sealed.sealed).toBe(true)
    expect(sealed.body).toEqual({ code: 200, data: null, tip: '', msg: 'ok' })
    await t.rebuild({ encryptHttp: false })
    const plain = await t.client.call('ping/check')
    expect(plain.sealed).toBe(false)
    expect(plain.body).toEqual({ code: 200, data: null, tip: '', msg: 'ok' })
  })

  it('seals business answers too, but never protocol rejections', async () => {
    const answer = await t.client.call('user/info', {})
    expect(answer).toMatchObject({ sealed: true, status: 200, body: { code: 1000 } })
    const rejected = await t.client.call('user/info', {}, { headers: { 'x-api-key': undefined } })
    expect(rejected).toMatchObject({ sealed: false, status: 403, body: { code: 4003 } })
  })

  const seedOf = (answer: CallAnswer) =>
    Buffer.from((JSON.parse(answer.text) as { data: string }).data, 'base64')
      .subarray(0, SEED_LENGTH)
      .toString('hex')

  it('sends a cached public answer sealed once per cache fill, to every caller, and seals it again after a refill', async () => {
    await t.db.insert(announcements).values({ title: '公告', content: '内容', publishedAt: new Date(START_MS - 1000) })
    const guest = t.newClient()
    await guest.call('login/guest', { devID: DEVICE, affCode: '' }).then((answer) => {
      guest.token = (answer.body.data as { token: string }).token
    })
    const calls = [
      ['ping/config', t.client, 'GET'],
      ['ping/announcement', t.client, 'POST'],
      ['media/home', guest, 'POST'],
    ] as const
    for (const [name, client, method] of calls) {
      const first = await client.call(name, undefined, { method })
      expect(first).toMatchObject({ sealed: true, body: { code: 200 } })
      expect(first.body.data).not.toBeNull()
      // Another caller, with or without a session, within the fill: the same bytes.
      expect((await client.call(name, undefined, { method })).text).toBe(first.text)
      expect((await guest.call(name, undefined, { method })).text).toBe(first.text)
    }
    const callAll = () => Promise.all(calls.map(([name, client, method]) => client.call(name, undefined, { method })))
    const before = await callAll()
    t.clock.advance(Math.max(CONFIG_CACHE_MS, HOME_CACHE_MS))
    const after = await callAll()
    after.forEach((answer, i) => {
      expect(seedOf(answer)).not.toBe(seedOf(before[i]!))
      expect(answer.body).toEqual(before[i]!.body)
    })
  })

  it('seals every per-user answer with its own seed, even one equal to the last', async () => {
    const other = t.newClient()
    const [mine, theirs] = await Promise.all(
      [t.client, other].map(async (client, i) => {
        const answer = await client.call('login/guest', { devID: `${DEVICE}-${i}`, affCode: '' })
        client.token = (answer.body.data as { token: string }).token
        return answer.body.data as { id: number; token: string }
      }),
    )
    const first = await t.client.call('user/info', {})
    const again = await t.client.call('user/info', {})
    expect(again.body).toEqual(first.body)
    expect(seedOf(again)).not.toBe(seedOf(first))
    expect(first.body.data).toMatchObject({ id: mine!.id, token: mine!.token })
    const otherInfo = await other.call('user/info', {})
    expect(otherInfo.body.data).toMatchObject({ id: theirs!.id, token: theirs!.token })
    expect(seedOf(otherInfo)).not.toBe(seedOf(first))
  })

  it('answers 4000 naming the field and why', async () => {
    const answer = await t.client.call('user/online/time', { seconds: 'ten' })
    expect(answer.body.code).toBe(4000)
    expect(answer.body.msg).toMatch(/^seconds: /)
  })
})

describe('logs and errors (pglite)', () => {
  const t = useTestApp('pglite')

  it('never log the token, the signature or bodies', async () => {
    const login = await t.client.call('login/guest', { devID: DEVICE, affCode: '{"pc":"secret-channel"}' })
    const token = (login.body.data as { token: string }).token
    t.client.token = token
    const info = await t.client.call('user/info', {}, { query: `token=${token}` })
    expect(info.body.code).toBe(200)
    const output = t.logs.join('')
    expect(output).toContain('request completed')
    expect(output).toContain('/api/app/user/info')
    const signatures = [login, info].map((a) => a.sent.headers['x-api-key']!.split(';s=')[1]!)
    for (const secret of [token, ...signatures, DEVICE, 'secret-channel']) expect(output).not.toContain(secret)
  })

  it('writes one line per request, and refusals only as a summary every 10 s', async () => {
    for (let i = 0; i < 5; i++) expect((await t.client.call('ping/check')).status).toBe(200)
    const unsigned = { 'x-api-key': undefined }
    for (let i = 0; i < 200; i++) await t.client.call('ping/check', undefined, { headers: unsigned })
    for (let i = 0; i < 50; i++) await t.client.call('no/such/call', {})
    const lines = () => t.logs.map((line) => JSON.parse(line) as { msg: string; refused?: object; req?: object })
    expect(lines().filter((line) => line.msg === 'request completed')).toHaveLength(5)
    expect(lines().filter((line) => line.req)).toHaveLength(5)
    expect(lines().filter((line) => line.refused)).toHaveLength(0)
    t.clock.advance(10_000)
    // The next request to complete writes the summary, whatever its answer.
    await t.client.call('ping/check')
    expect(lines().filter((line) => line.refused)).toEqual([
      expect.objectContaining({ msg: '250 requests refused', refused: { 403: 200, 404: 50 }, seconds: 10 }),
    ])
    expect(lines().find((line) => line.refused)).not.toHaveProperty('reqId')
    expect(t.logs.length).toBeLessThan(10)
  })

  it('security headers on every answer', async () => {
    const answer = await t.client.call('ping/check')
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy': expect.stringContaining("script-src 'self'"),
      'permissions-policy': expect.stringContaining('microphone=()'),
    })
  })

  it('answers unknown calls with 404 JSON', async () => {
    const answer = await t.client.call('no/such/call', {})
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ code: 404 })
  })

  it('refuses bodies over the limit', async () => {
    await t.rebuild({ bodyLimitBytes: 1024 })
    const answer = await t.client.call('login/guest', { devID: DEVICE, affCode: 'x'.repeat(2000) })
    expect(answer.status).toBe(413)
    expect(answer.body.code).toBe(4000)
  })
})
