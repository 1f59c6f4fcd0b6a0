import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineCall } from '../../core/contracts/call.ts'
import { mediaPay, pingAnnouncement, uploadImg } from '../../core/contracts/calls.ts'
import { DEV_API_SECRET } from '../../core/protocol/defaults.ts'
import { isEnvelope, open, seal } from '../../core/protocol/envelope.ts'
import { createNobleCrypto } from '../../core/protocol/noble-crypto.ts'
import { computeSignature, parseApiKey } from '../../core/protocol/sign.ts'
import { createWebCrypto } from './web-crypto.ts'
import { ApiError, ApiErrorKind, createApi, type ApiDeps } from './http.ts'
import { rememberedApiLines } from './api-lines.ts'
import { FIRST_LINE_PROBE_MS } from '../../core/lines/api-lines.ts'
import { t } from './messages.ts'

let counter = 0
const crypto = createNobleCrypto((length) => {
  const bytes = new Uint8Array(length)
  for (let i = 0; i < length; i++) bytes[i] = (counter++ * 37) & 0xff
  return bytes
})
// The client signs and seals with WebCrypto, as the page does; the fake server checks with noble.
const pageCrypto = createWebCrypto(globalThis.crypto.subtle, crypto.randomBytes)
const SECRET = DEV_API_SECRET
const NOW_MS = 1_800_000_000_000
const XUA = 'DevType=PC;SysType=h5_pc;Ver=2.1.1;Browser=Chrome/126'

interface Seen {
  url: string
  method: string
  headers: Headers
  body: string
}

type Handler = (request: Seen, index: number) => Response | Promise<Response>

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

function setup(handler: Handler, overrides: Partial<ApiDeps> = {}) {
  const seen: Seen[] = []
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const entry: Seen = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.method === 'GET' ? '' : await request.text(),
    }
    seen.push(entry)
    return handler(entry, seen.length - 1)
  })
  const onSessionInvalid = vi.fn()
  const api = createApi({
    secret: SECRET,
    crypto: pageCrypto,
    getToken: () => 'token-1',
    getXUserAgent: () => XUA,
    shouldSealRequests: () => false,
    onSessionInvalid,
    now: () => NOW_MS,
    origin: 'http://app.test',
    fetch: fetchFake as unknown as typeof fetch,
    ...overrides,
  })
  return { api, seen, onSessionInvalid }
}

/** A call whose body and answer may be anything: these tests are about the transport. */
const anyCall = (name: string) =>
  defineCall({ name, secured: false, module: 'ping', request: v.unknown(), response: v.unknown() })
/** The same, marked idempotent: sent again when it gets no answer. */
const anyRead = (name: string) =>
  defineCall({ name, secured: false, module: 'ping', request: v.unknown(), response: v.unknown(), idempotent: true })
const anyGet = (name: string) =>
  defineCall({ name, method: 'GET', secured: false, module: 'ping', response: v.unknown() })

const ok = (data: unknown) => json({ code: 200, data, tip: '', msg: '' })

describe('createApi signing', () => {
  it('signs every call with the protocol headers over the path', async () => {
    const { api, seen } = setup(() => ok({ fine: true }))
    await expect(api.call(anyGet('ping/config'))).resolves.toEqual({ fine: true })
    const request = seen[0]!
    expect(request.url).toBe('http://app.test/api/app/ping/config')
    expect(request.method).toBe('GET')
    expect(request.headers.get('Authorization')).toBe('token-1')
    expect(request.headers.get('X-User-Agent')).toBe(XUA)
    const key = parseApiKey(request.headers.get('x-api-key') ?? undefined)
    expect(key).not.toBeNull()
    expect(key!.t).toBe(NOW_MS / 1000)
    expect(key!.s).toBe(
      computeSignature(crypto, SECRET, {
        token: 'token-1',
        path: '/api/app/ping/config',
        xUserAgent: XUA,
        t: key!.t,
        nonce: key!.n,
      }),
    )
  })

  it('uses a fresh nonce per call', async () => {
    const { api, seen } = setup(() => ok(null))
    await api.call(anyCall('ping/announcement'), {})
    await api.call(anyCall('ping/announcement'), {})
    const nonces = seen.map((s) => parseApiKey(s.headers.get('x-api-key') ?? undefined)!.n)
    expect(new Set(nonces).size).toBe(2)
  })

  it('signs a multipart upload over the path without its query, sends the form as it is and hands back any status', async () => {
    const { api, seen } = setup(() => json({ code: 415, msg: 'not an image' }, 415))
    const form = new FormData()
    form.set('chunkNumber', '1')
    form.set('file', new Blob(['abc']), 'blob')
    const response = await api.signedFetch(uploadImg, {
      method: 'POST',
      search: new URLSearchParams({ chunkNumber: '1' }),
      body: form,
    })
    expect(response.status).toBe(415)
    const request = seen[0]!
    expect(request.url).toBe('http://app.test/api/app/upload/img?chunkNumber=1')
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
    expect(request.body).toContain('name="file"; filename="blob"')
    const key = parseApiKey(request.headers.get('x-api-key') ?? undefined)!
    expect(key.s).toBe(
      computeSignature(crypto, SECRET, {
        token: 'token-1',
        path: '/api/app/upload/img',
        xUserAgent: XUA,
        t: key.t,
        nonce: key.n,
      }),
    )
  })
})

describe('createApi envelopes', () => {
  it('sends plain JSON when encryption.request is off', async () => {
    const { api, seen } = setup(() => ok(1))
    await api.call(anyCall('login/guest'), { devID: 'device-123' })
    expect(JSON.parse(seen[0]!.body)).toEqual({ devID: 'device-123' })
  })

  it('seals the request and opens a sealed answer', async () => {
    const { api, seen } = setup(
      (request) => {
        const body = JSON.parse(request.body) as unknown
        expect(isEnvelope(body)).toBe(true)
        const inner = open(crypto, SECRET, body as never)
        return json(seal(crypto, SECRET, { code: 200, data: { echo: inner }, tip: '', msg: '' }))
      },
      { shouldSealRequests: () => true },
    )
    await expect(api.call(anyCall('user/info'), { userId: 7 })).resolves.toEqual({ echo: { userId: 7 } })
    expect(seen[0]!.headers.get('Content-Type')).toBe('application/json')
  })

  it('opens the same sealed answer each time it comes (the server seals a cached public answer once per cache fill)', async () => {
    const shared = seal(crypto, SECRET, { code: 200, data: { sections: ['推荐'] }, tip: '', msg: 'ok' })
    const { api } = setup(() => json(shared))
    for (let i = 0; i < 3; i++) await expect(api.call(anyGet('ping/config'))).resolves.toEqual({ sections: ['推荐'] })
  })

  it('rejects an envelope that does not open with a bad-response message', async () => {
    const { api } = setup(() => json(seal(crypto, 'another-secret', { code: 200, data: 1 })))
    await expect(api.call(anyCall('user/info'), {})).rejects.toMatchObject({
      kind: ApiErrorKind.BadResponse,
      message: t.http.badResponse,
    })
  })
})

describe('createApi clock skew', () => {
  it('corrects the clock from a 4004 answer and retries once', async () => {
    const serverTime = NOW_MS / 1000 + 1000
    const { api, seen } = setup((_request, index) =>
      index === 0 ? json({ code: 4004, msg: 'clock skew', serverTime }, 403) : ok('second'),
    )
    await expect(api.call(anyCall('user/info'), {})).resolves.toBe('second')
    expect(seen).toHaveLength(2)
    expect(parseApiKey(seen[1]!.headers.get('x-api-key') ?? undefined)!.t).toBe(serverTime)
    expect(api.clockOffsetSeconds).toBe(1000)
    // Later calls keep the corrected clock.
    await api.call(anyCall('user/info'), {})
    expect(parseApiKey(seen[2]!.headers.get('x-api-key') ?? undefined)!.t).toBe(serverTime)
  })

  it('does not retry a second time', async () => {
    const { api, seen } = setup(() => json({ code: 4004, msg: 'clock skew', serverTime: 1 }, 403))
    await expect(api.call(anyCall('user/info'), {})).rejects.toMatchObject({
      kind: ApiErrorKind.BadRequest,
      code: 4004,
    })
    expect(seen).toHaveLength(2)
  })
})

describe('createApi session invalid', () => {
  it('reports code 1000 once and rejects every call that sees it', async () => {
    const { api, onSessionInvalid } = setup(() => json({ code: 1000, data: null, tip: '', msg: 'expired' }))
    await expect(api.call(anyCall('user/info'), {})).rejects.toMatchObject({
      kind: ApiErrorKind.SessionInvalid,
      code: 1000,
    })
    await expect(api.result(anyCall('user/info'), {})).rejects.toBeInstanceOf(ApiError)
    expect(onSessionInvalid).toHaveBeenCalledOnce()
  })
})

describe('createApi errors', () => {
  it('network error', async () => {
    const { api } = setup(() => {
      throw new TypeError('Failed to fetch')
    })
    await expect(api.call(anyCall('user/info'), {})).rejects.toMatchObject({
      kind: ApiErrorKind.Network,
      message: t.http.network,
    })
  })

  it('time-out', async () => {
    const { api } = setup(
      (request) =>
        new Promise<Response>(() => {
          void request
        }),
      { timeoutMs: 5 },
    )
    await expect(api.call(anyCall('user/info'), {})).rejects.toMatchObject({
      kind: ApiErrorKind.Timeout,
      message: t.http.timeout,
    })
  })

  it('cancel', async () => {
    const controller = new AbortController()
    const { api } = setup(() => {
      controller.abort()
      throw new DOMException('aborted', 'AbortError')
    })
    await expect(api.call(anyCall('user/info'), {}, { signal: controller.signal })).rejects.toMatchObject({
      kind: ApiErrorKind.Canceled,
      message: t.http.canceled,
    })
  })

  it.each([
    [400, { code: 4000, msg: 'x' }, t.http.badRequest(400)],
    [404, 'not json', t.http.badRequest(404)],
    [403, { code: 4003, msg: 'bad signature' }, t.http.rejected(4003)],
    [403, { code: 4005, msg: 'replayed' }, t.http.rejected(4005)],
    [429, { code: 4290, msg: 'slow down' }, t.http.rateLimited],
    [429, { code: 4290, tip: '尝试次数过多，请5分钟后再试', msg: '' }, '尝试次数过多，请5分钟后再试'],
  ])('bad request: HTTP %i', async (status, body, message) => {
    const { api } = setup(() => (typeof body === 'string' ? new Response(body, { status }) : json(body, status)))
    await expect(api.call(anyCall('user/info'), {})).rejects.toMatchObject({ kind: ApiErrorKind.BadRequest, message })
  })

  it.each([
    ['HTTP 500', () => json({ code: 5000, msg: 'oops' }, 500)],
    ['HTTP 502 with HTML', () => new Response('<html>', { status: 502 })],
    ['invalid JSON', () => new Response('{nope', { status: 200 })],
    ['JSON without a code', () => json({ data: 1 })],
  ])('bad response: %s', async (_name, respond) => {
    const { api } = setup(respond)
    await expect(api.call(anyCall('user/info'), {})).rejects.toMatchObject({
      kind: ApiErrorKind.BadResponse,
      message: t.http.badResponse,
    })
  })

  it("checks a 200 answer against the call's contract, and resolves with what the contract keeps", async () => {
    const announcement = { id: 1, title: '公告', content: '内容', publishedAt: 2 }
    const answers = [{ ...announcement, extra: 'dropped' }, { ...announcement, id: '1' }, null]
    const { api } = setup((_request, index) => ok(answers[index]))
    await expect(api.call(pingAnnouncement)).resolves.toEqual(announcement)
    await expect(api.call(pingAnnouncement)).rejects.toMatchObject({ kind: ApiErrorKind.BadResponse })
    await expect(api.call(pingAnnouncement)).resolves.toBeNull()
  })

  it('leaves the data of another code unchecked', async () => {
    const { api } = setup(() => json({ code: 7001, data: { need: 500 }, tip: '', msg: '' }))
    await expect(api.result(mediaPay, { id: 1 })).resolves.toMatchObject({ code: 7001, data: { need: 500 } })
  })

  it('a business code rejects call() with the tip, and result() resolves with the whole answer', async () => {
    const { api } = setup(() => json({ code: 7001, data: null, tip: '', msg: '' }))
    await expect(api.call(anyCall('media/pay'), {})).rejects.toMatchObject({
      kind: ApiErrorKind.Business,
      message: '余额不足',
    })
    await expect(api.result(anyCall('media/pay'), {})).resolves.toEqual({ code: 7001, data: null, tip: '', msg: '' })
  })
})

describe('createApi lines', () => {
  const FIRST = 'https://api-1.test'
  const SECOND = 'https://api-2.test/'
  const memory = (saved?: unknown) => {
    const items = new Map<string, string>()
    if (saved !== undefined) items.set('marquee:api-lines', JSON.stringify(saved))
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    }
  }
  const linesOf = (storage = memory({ lines: [FIRST, SECOND] })) => rememberedApiLines(() => storage, 'http://app.test')
  /** The first line refuses connections (or hangs, with `hang`) while `down.first` is true. */
  const down = { first: true }
  const lineServer =
    ({ hang = false } = {}): Handler =>
    (request) => {
      if (!request.url.startsWith(FIRST) || !down.first) return ok({ line: new URL(request.url).host })
      if (hang) return new Promise<Response>(() => {})
      throw new TypeError('Failed to fetch')
    }

  afterEach(() => {
    down.first = true
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('sends on the first line; after failures in a row the call and the next ones go to the second, which is remembered', async () => {
    const storage = memory({ lines: [FIRST, SECOND] })
    const { api, seen } = setup(lineServer(), { lines: linesOf(storage) })
    await expect(api.call(anyRead('media/home'), {})).resolves.toEqual({ line: 'api-2.test' })
    expect(seen.map((request) => request.url)).toEqual([
      `${FIRST}/api/app/media/home`,
      `${FIRST}/api/app/media/home`,
      'https://api-2.test/api/app/media/home',
    ])
    // Each attempt is signed afresh: a nonce is never sent twice.
    expect(new Set(seen.map((request) => request.headers.get('x-api-key'))).size).toBe(3)
    await api.call(anyRead('media/home'), {})
    expect(seen[3]?.url).toBe('https://api-2.test/api/app/media/home')
    // A reload starts on the line that worked.
    const reloaded = setup(lineServer(), { lines: linesOf(storage) })
    await reloaded.api.call(anyGet('ping/config'))
    expect(reloaded.seen.map((request) => request.url)).toEqual(['https://api-2.test/api/app/ping/config'])
  })

  it('sends a call that is not idempotent once, throwing its error, yet two such failures move the line', async () => {
    const lines = linesOf()
    const { api, seen } = setup(lineServer(), { lines })
    // No answer does not prove the server never ran it: a second send could debit twice.
    await expect(api.call(anyCall('redeem/exchange'), {})).rejects.toMatchObject({ kind: ApiErrorKind.Network })
    expect(seen).toHaveLength(1)
    expect(lines.current()).toBe(FIRST)
    await expect(api.call(anyCall('redeem/exchange'), {})).rejects.toMatchObject({ kind: ApiErrorKind.Network })
    expect(seen).toHaveLength(2)
    expect(lines.current()).toBe('https://api-2.test/')
    // The screen's retry goes to the line that answers.
    await expect(api.call(anyCall('redeem/exchange'), {})).resolves.toEqual({ line: 'api-2.test' })
    expect(seen.map((request) => new URL(request.url).host)).toEqual(['api-1.test', 'api-1.test', 'api-2.test'])
  })

  it('takes 502/503/504 (a proxy whose app is down) as no answer from the line', async () => {
    const gateway =
      (status: number): Handler =>
      (request) =>
        request.url.startsWith(FIRST) ? json({ error: 'bad gateway' }, status) : ok({ line: new URL(request.url).host })
    for (const status of [502, 503, 504]) {
      const { api, seen } = setup(gateway(status), { lines: linesOf() })
      await expect(api.call(anyRead('media/home'), {})).resolves.toEqual({ line: 'api-2.test' })
      expect(seen.map((request) => new URL(request.url).host)).toEqual(['api-1.test', 'api-1.test', 'api-2.test'])
    }
    // Not idempotent: sent once, failing with the answer's error, yet counted against the line.
    const lines = linesOf()
    const { api, seen } = setup(gateway(502), { lines })
    await expect(api.call(anyCall('recharge/submit'), {})).rejects.toMatchObject({ kind: ApiErrorKind.BadResponse })
    await expect(api.call(anyCall('recharge/submit'), {})).rejects.toMatchObject({ kind: ApiErrorKind.BadResponse })
    expect(seen).toHaveLength(2)
    expect(lines.current()).toBe('https://api-2.test/')
    // Another 5xx is an answer from the line's app: it stays.
    const other = linesOf()
    const broken = setup(() => json({ error: 'boom' }, 500), { lines: other })
    await expect(broken.api.call(anyRead('media/home'), {})).rejects.toMatchObject({ kind: ApiErrorKind.BadResponse })
    expect(broken.seen).toHaveLength(1)
    expect(other.current()).toBe(FIRST)
  })

  it('moves after time-outs too, failing the call that only counted one', async () => {
    const { api, seen } = setup(lineServer({ hang: true }), { lines: linesOf(), timeoutMs: 5 })
    await expect(api.call(anyRead('media/home'), {})).rejects.toMatchObject({ kind: ApiErrorKind.Timeout })
    await expect(api.call(anyRead('media/home'), {})).resolves.toEqual({ line: 'api-2.test' })
    expect(seen.map((request) => new URL(request.url).host)).toEqual(['api-1.test', 'api-1.test', 'api-2.test'])
  })

  it('blames no line while the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const lines = linesOf()
    const { api, seen } = setup(lineServer(), { lines })
    await expect(api.call(anyRead('media/home'), {})).rejects.toMatchObject({ kind: ApiErrorKind.Network })
    await expect(api.call(anyRead('media/home'), {})).rejects.toMatchObject({ kind: ApiErrorKind.Network })
    expect(seen).toHaveLength(2)
    expect(lines.current()).toBe(FIRST)
  })

  it('asks the first line now and then, and goes back to it once it answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const lines = linesOf(memory({ lines: [FIRST, SECOND], current: SECOND }))
    const { api, seen } = setup(lineServer(), { lines })
    await api.call(anyRead('media/home'), {})
    expect(seen.map((request) => request.url)).toEqual(['https://api-2.test/api/app/media/home'])

    await vi.advanceTimersByTimeAsync(FIRST_LINE_PROBE_MS - 1)
    expect(seen).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    // The probe signs with WebCrypto, which no fake timer drives: wait for it to end and set the next.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1))
    expect(seen[1]?.url).toBe(`${FIRST}/api/app/ping/check`)
    expect(lines.current()).toBe(SECOND)

    down.first = false
    await vi.advanceTimersByTimeAsync(FIRST_LINE_PROBE_MS)
    await vi.waitFor(() => expect(lines.current()).toBe(FIRST))
    expect(seen).toHaveLength(3)
    await api.call(anyRead('media/home'), {})
    expect(seen[3]?.url).toBe(`${FIRST}/api/app/media/home`)
    // Back on the first line, nothing more is probed.
    await vi.advanceTimersByTimeAsync(3 * FIRST_LINE_PROBE_MS)
    expect(seen).toHaveLength(4)
  })

  it('does not go back to the first line while its probe gets 502', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const lines = linesOf(memory({ lines: [FIRST, SECOND], current: SECOND }))
    const { seen } = setup(() => json({ error: 'bad gateway' }, 502), { lines })
    await vi.advanceTimersByTimeAsync(FIRST_LINE_PROBE_MS)
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1))
    expect(seen[0]?.url).toBe(`${FIRST}/api/app/ping/check`)
    expect(lines.current()).toBe(SECOND)
  })

  it('starts on the page origin when nothing usable is remembered', async () => {
    for (const storage of [memory(), memory({ lines: [] }), memory({ lines: [1] }), memory('x')]) {
      const { api, seen } = setup(() => ok(null), { lines: rememberedApiLines(() => storage, 'http://app.test') })
      await api.call(anyGet('ping/config'))
      expect(seen[0]?.url).toBe('http://app.test/api/app/ping/config')
    }
    // Where storage is blocked, reading localStorage throws: the lines work, unremembered.
    const blocked = rememberedApiLines(() => {
      throw new DOMException('blocked', 'SecurityError')
    }, FIRST)
    blocked.setLines([FIRST, SECOND])
    blocked.failed(FIRST)
    expect(blocked.failed(FIRST)).toBe(true)
  })
})
