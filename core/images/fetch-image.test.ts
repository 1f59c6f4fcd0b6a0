import { describe, expect, it } from 'vitest'
import { DEV_IMAGE_KEYS, createImageKeys, hexToBytes } from './descramble.ts'
import { fetchImage, type ImageFetchInit, type ImageResponse } from './fetch-image.ts'
import vectors from './vectors.json' with { type: 'json' }

interface FakeResponse extends ImageResponse {
  readonly label: string
}

const answer = (bytes: Uint8Array, patch: Partial<FakeResponse> = {}): FakeResponse => ({
  label: 'answer',
  type: 'cors',
  ok: true,
  arrayBuffer: async () => bytes.slice().buffer,
  ...patch,
})

/** A fetch that gives `respond`'s answer and keeps what it was asked. */
function fakeFetch(respond: () => Promise<FakeResponse>) {
  const calls: { url: string; init: ImageFetchInit<{ aborted: boolean }> }[] = []
  const fetch = (url: string, init: ImageFetchInit<{ aborted: boolean }>) => {
    calls.push({ url, init })
    return respond()
  }
  return { fetch, calls }
}

const SRC = 'https://img.test/covers/a.bin'
const SCHEMES = ['markerHex', 'headHex', 'offsetHex', 'plainHex'] as const

describe('fetchImage', () => {
  const rows = vectors.cases.flatMap((v) => SCHEMES.map((scheme) => ({ v, scheme })))
  it.each(rows)('$v.name, $scheme: the descrambled image and its content type', async ({ v, scheme }) => {
    const keys = createImageKeys({
      xorByte: v.keys.xorByte,
      headKey: v.keys.headKeyHex,
      xorMarker: v.keys.xorMarkerHex,
      offsetMarker: v.keys.offsetMarkerHex,
    })
    const { fetch } = fakeFetch(async () => answer(hexToBytes(v[scheme])))
    const loaded = await fetchImage(SRC, { fetch, keys, signal: { aborted: false } })
    expect(loaded).toEqual({ ok: true, bytes: hexToBytes(v.plainHex), contentType: v.contentType })
  })

  it('asks in CORS mode without credentials, with the caller’s signal', async () => {
    const png = vectors.cases[0]!
    const signal = { aborted: false }
    const { fetch, calls } = fakeFetch(async () => answer(hexToBytes(png.plainHex)))
    await fetchImage(SRC, { fetch, keys: DEV_IMAGE_KEYS, signal })
    expect(calls).toEqual([{ url: SRC, init: { mode: 'cors', credentials: 'omit', signal } }])
    expect(calls[0]!.init.signal).toBe(signal)
  })

  it('hands back the error answer of a failed status as it is', async () => {
    const notFound = answer(new Uint8Array(), { ok: false, label: '404' })
    const { fetch } = fakeFetch(async () => notFound)
    const loaded = await fetchImage(SRC, { fetch, keys: DEV_IMAGE_KEYS, signal: { aborted: false } })
    expect(loaded).toEqual({ ok: false, reason: 'status', response: notFound })
    expect(!loaded.ok && loaded.reason === 'status' && loaded.response).toBe(notFound)
  })

  const failing = () => Promise.reject(new TypeError('Failed to fetch'))
  const unreadableBody = async () => answer(new Uint8Array(), { arrayBuffer: failing })
  it.each([
    {
      name: 'an opaque answer',
      respond: async () => answer(new Uint8Array(), { type: 'opaque' }),
      aborted: false,
      reason: 'opaque',
    },
    {
      name: 'an opaque redirect',
      respond: async () => answer(new Uint8Array(), { type: 'opaqueredirect' }),
      aborted: false,
      reason: 'opaque',
    },
    {
      name: 'bytes that are no image once descrambled',
      respond: async () => answer(new Uint8Array(300).fill(7)),
      aborted: false,
      reason: 'not-image',
    },
    { name: 'a failed fetch', respond: failing, aborted: false, reason: 'network' },
    { name: 'a fetch failed by the caller’s abort', respond: failing, aborted: true, reason: 'timeout' },
    { name: 'a body that fails to arrive', respond: unreadableBody, aborted: false, reason: 'network' },
    { name: 'a body cut by the caller’s abort', respond: unreadableBody, aborted: true, reason: 'timeout' },
  ])('$name: $reason', async ({ respond, aborted, reason }) => {
    const { fetch } = fakeFetch(respond)
    const loaded = await fetchImage(SRC, { fetch, keys: DEV_IMAGE_KEYS, signal: { aborted } })
    expect(loaded).toEqual({ ok: false, reason })
  })
})
