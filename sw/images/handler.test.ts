import { describe, expect, it } from 'vitest'
import { DEV_IMAGE_KEYS, createImageKeys, hexToBytes } from '../../core/images/descramble.ts'
import vectors from '../../core/images/vectors.json' with { type: 'json' }
import { ORIGIN, PREFETCH, SEEN, fakeFetch, flush, imageDeps } from '../testing/image-harness.ts'
import { handleImageRequest, loadImage, prefetchImages } from './handler.ts'

const SCHEMES = ['markerHex', 'headHex', 'offsetHex', 'plainHex'] as const
const keysOf = (v: (typeof vectors.cases)[number]['keys']) =>
  createImageKeys({
    xorByte: v.xorByte,
    headKey: v.headKeyHex,
    xorMarker: v.xorMarkerHex,
    offsetMarker: v.offsetMarkerHex,
  })

const image = (hex: string, headers: Record<string, string> = {}) =>
  new Response(hexToBytes(hex), { headers: { 'Content-Type': 'application/octet-stream', ...headers } })
const png = vectors.cases.find((v) => v.contentType === 'image/png' && v.keys.xorByte === DEV_IMAGE_KEYS.xorByte)!
const get = (url: string, init?: RequestInit) => new Request(url, init)
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer())

describe('image route: fetch → descramble → cache', () => {
  const rows = vectors.cases.flatMap((v) => SCHEMES.map((scheme) => ({ v, scheme })))
  it.each(rows)('$v.name, $scheme: served descrambled with its content type, and cached', async ({ v, scheme }) => {
    const url = `${ORIGIN}covers/${scheme}.bin`
    const network = fakeFetch({ [url]: image(v[scheme]) })
    const { deps, caches, settle } = imageDeps({ fetch: network, keys: keysOf(v.keys) })

    const response = await handleImageRequest(get(url), deps)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe(v.contentType)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(await bytesOf(response)).toEqual(hexToBytes(v.plainHex))

    await settle()
    expect(caches.urls(SEEN)).toEqual([url])
    const cached = await (await caches.open(SEEN)).match(url)
    expect(cached?.headers.get('Content-Type')).toBe(v.contentType)
    expect(await bytesOf(cached!)).toEqual(hexToBytes(v.plainHex))
  })

  it('fetches cross-origin images in CORS mode without credentials, with an abort signal', async () => {
    const url = `${ORIGIN}a.png`
    const network = fakeFetch({ [url]: image(png.markerHex) })
    const { deps } = imageDeps({ fetch: network })
    await handleImageRequest(get(url, { mode: 'no-cors' }), deps)
    expect(network.calls).toHaveLength(1)
    expect(network.calls[0]!.init).toMatchObject({ mode: 'cors', credentials: 'omit' })
    expect(network.calls[0]!.init?.signal).toBeInstanceOf(AbortSignal)
  })

  it('serves a second request from the seen cache without fetching', async () => {
    const url = `${ORIGIN}a.png`
    const network = fakeFetch({ [url]: image(png.headHex) })
    const { deps, settle } = imageDeps({ fetch: network })
    await handleImageRequest(get(url), deps)
    await settle()
    const again = await handleImageRequest(get(url), deps)
    expect(network.calls).toHaveLength(1)
    expect(again.headers.get('Content-Type')).toBe('image/png')
    expect(await bytesOf(again)).toEqual(hexToBytes(png.plainHex))
  })

  it('uses the keys it is given (not the dev keys)', async () => {
    const other = vectors.cases.find((v) => v.keys.xorByte !== DEV_IMAGE_KEYS.xorByte)!
    const url = `${ORIGIN}other.bin`
    const network = fakeFetch({ [url]: image(other.markerHex) })
    const withDev = imageDeps({ fetch: network })
    expect((await handleImageRequest(get(url), withDev.deps)).status).toBe(502)
    const withOther = imageDeps({ fetch: network, keys: keysOf(other.keys) })
    expect((await handleImageRequest(get(url), withOther.deps)).headers.get('Content-Type')).toBe(other.contentType)
  })
})

describe('image route: what is never cached', () => {
  const url = `${ORIGIN}x.png`
  const opaque = () => Object.defineProperty(new Response(null), 'type', { value: 'opaque' })

  it.each([
    ['404', () => new Response('gone', { status: 404 }), 404],
    ['500', () => new Response('boom', { status: 500 }), 500],
    ['opaque', opaque, 502],
    ['HTML error page with 200', () => new Response('<!doctype html><p>oops</p>', { status: 200 }), 502],
    ['empty body', () => new Response(new Uint8Array(0)), 502],
    ['marker only', () => image('4d5153435231'), 502],
  ])('%s → status %i, not cached', async (_, answer, status) => {
    const { deps, caches, settle } = imageDeps({ fetch: fakeFetch({ [url]: answer }) })
    const response = await handleImageRequest(get(url), deps)
    expect(response.status).toBe(status)
    await settle()
    expect(caches.urls(SEEN)).toEqual([])
  })

  it('a network failure is a network error to the page, not cached', async () => {
    const { deps, caches, settle } = imageDeps({ fetch: fakeFetch({ [url]: 'network-error' }) })
    const response = await handleImageRequest(get(url), deps)
    expect(response.type).toBe('error')
    await settle()
    expect(caches.urls(SEEN)).toEqual([])
  })

  it('the same URL is fetched again after a failure', async () => {
    let answer = new Response('boom', { status: 500 })
    const network = fakeFetch({ [url]: () => answer })
    const { deps } = imageDeps({ fetch: network })
    expect((await handleImageRequest(get(url), deps)).status).toBe(500)
    answer = image(png.plainHex)
    expect((await handleImageRequest(get(url), deps)).status).toBe(200)
    expect(network.calls).toHaveLength(2)
  })
})

describe('image route: time-out', () => {
  const url = `${ORIGIN}slow.png`

  it('aborts the fetch at 100 000 ms and answers 504', async () => {
    const { deps, timers, caches, settle } = imageDeps({ fetch: fakeFetch({ [url]: 'hang' }) })
    const pending = handleImageRequest(get(url), deps)
    await flush()
    timers.advance(99_999)
    let settled = false
    void pending.then(() => (settled = true))
    await flush()
    expect(settled).toBe(false)
    timers.advance(1)
    const response = await pending
    expect(response.status).toBe(504)
    await settle()
    expect(caches.urls(SEEN)).toEqual([])
  })

  it('clears the timer when the image arrives in time', async () => {
    const { deps, timers } = imageDeps({ fetch: fakeFetch({ [url]: image(png.plainHex) }) })
    const result = await loadImage(url, deps)
    expect(result.ok).toBe(true)
    expect(timers.pending()).toBe(0)
  })
})

describe('image route: requests it does not take', () => {
  it('passes a request outside the image origins to the network untouched', async () => {
    const url = 'https://elsewhere.test/a.png'
    const network = fakeFetch({ [url]: image(png.headHex) })
    const { deps, caches, settle } = imageDeps({ fetch: network })
    const response = await handleImageRequest(get(url), deps)
    // Not descrambled: the head-scrambled bytes come back as they are.
    expect(await bytesOf(response)).toEqual(hexToBytes(png.headHex))
    expect(network.calls[0]!.init).toBeUndefined()
    await settle()
    expect(caches.urls(SEEN)).toEqual([])
  })

  it.each([
    ['Range', get(`${ORIGIN}a.png`, { headers: { Range: 'bytes=0-99' } })],
    ['POST', get(`${ORIGIN}a.png`, { method: 'POST', body: 'x' })],
    ['HLS playlist', get(`${ORIGIN}hls/index.m3u8`)],
    ['/api/', get('https://img.test/api/app/ping/config')],
  ])('%s: passed through, nothing cached', async (_, request) => {
    const network = fakeFetch({ [request.url]: image(png.plainHex) })
    const { deps, caches, settle } = imageDeps({ fetch: network })
    await handleImageRequest(request, deps)
    expect(network.calls[0]!.init).toBeUndefined()
    await settle()
    expect(caches.urls(SEEN)).toEqual([])
  })
})

describe('image route: the seen cache cap and quota', () => {
  it('keeps the newest entries up to the cap, oldest out first', async () => {
    const urls = [1, 2, 3, 4, 5].map((n) => `${ORIGIN}${n}.png`)
    const network = fakeFetch(Object.fromEntries(urls.map((url) => [url, image(png.markerHex)])))
    const { deps, caches, settle } = imageDeps({ fetch: network, limits: { seen: 3, prefetch: 3 } })
    for (const url of urls) {
      await handleImageRequest(get(url), deps)
      await settle()
    }
    expect(caches.urls(SEEN)).toEqual(urls.slice(2))
  })

  it('on a quota error writing a seen image, drops the prefetch cache and keeps the image', async () => {
    const [a, b] = [`${ORIGIN}a.png`, `${ORIGIN}b.png`]
    const network = fakeFetch({ [a]: image(png.plainHex), [b]: image(png.plainHex) })
    const { deps, caches, settle } = imageDeps({ fetch: network })
    await prefetchImages([a], deps)
    const size = hexToBytes(png.plainHex).length
    caches.quota = size * 1.5
    const response = await handleImageRequest(get(b), deps)
    expect(response.status).toBe(200)
    await settle()
    expect(caches.deleted).toEqual([PREFETCH])
    expect(caches.urls(PREFETCH)).toEqual([])
    expect(caches.urls(SEEN)).toEqual([b])
  })
})

describe('prefetch', () => {
  const urls = [1, 2, 3, 4, 5, 6, 7].map((n) => `${ORIGIN}p${n}.png`)
  const table = () => Object.fromEntries(urls.map((url) => [url, image(png.offsetHex)]))

  it('fills the prefetch cache, not the seen cache, with descrambled images', async () => {
    const { deps, caches } = imageDeps({ fetch: fakeFetch(table()) })
    const summary = await prefetchImages(urls.slice(0, 2), deps)
    expect(summary).toEqual({ stored: 2, skipped: 0, failed: 0 })
    expect(caches.urls(PREFETCH)).toEqual(urls.slice(0, 2))
    expect(caches.urls(SEEN)).toEqual([])
    const cached = await (await caches.open(PREFETCH)).match(urls[0]!)
    expect(cached?.headers.get('Content-Type')).toBe('image/png')
    expect(await bytesOf(cached!)).toEqual(hexToBytes(png.plainHex))
  })

  it('skips cached, foreign, duplicate and unparsable URLs; counts failures', async () => {
    const network = fakeFetch({ ...table(), [urls[2]!]: new Response('x', { status: 500 }) })
    const { deps, settle } = imageDeps({ fetch: network })
    await handleImageRequest(get(urls[0]!), deps)
    await settle()
    await prefetchImages([urls[1]!], deps)
    network.calls.length = 0
    const summary = await prefetchImages(
      [
        urls[0]!,
        urls[1]!,
        urls[2]!,
        urls[3]!,
        urls[3]!,
        'https://elsewhere.test/p.png',
        'not a url',
        `${ORIGIN}v.m3u8`,
      ],
      deps,
    )
    expect(summary).toEqual({ stored: 1, skipped: 6, failed: 1 })
    expect(network.calls.map((call) => call.url)).toEqual([urls[2], urls[3]])
  })

  it('has at most `concurrency` fetches in flight', async () => {
    const network = fakeFetch(table())
    const { deps, caches } = imageDeps({ fetch: network })
    network.hold()
    const batch = prefetchImages(urls, deps)
    await flush()
    expect(network.waiting()).toBe(3)
    network.release()
    expect(await batch).toEqual({ stored: 7, skipped: 0, failed: 0 })
    expect(network.peak()).toBe(3)
    expect(caches.urls(PREFETCH)).toHaveLength(7)
  })

  it('a prefetched image is then served from the prefetch cache and promoted to seen', async () => {
    const network = fakeFetch(table())
    const { deps, caches, settle } = imageDeps({ fetch: network })
    await prefetchImages([urls[0]!], deps)
    const response = await handleImageRequest(get(urls[0]!), deps)
    expect(network.calls).toHaveLength(1)
    expect(response.headers.get('Content-Type')).toBe('image/png')
    expect(await bytesOf(response)).toEqual(hexToBytes(png.plainHex))
    await settle()
    expect(caches.urls(SEEN)).toEqual([urls[0]])
    expect(caches.urls(PREFETCH)).toEqual([])
  })

  it('on a quota error drops the prefetch cache and leaves the seen cache alone', async () => {
    const network = fakeFetch(table())
    const { deps, caches, settle } = imageDeps({ fetch: network })
    await handleImageRequest(get(urls[0]!), deps)
    await settle()
    await prefetchImages([urls[1]!], deps)
    caches.quota = caches.used()
    const summary = await prefetchImages([urls[2]!], deps)
    expect(summary).toEqual({ stored: 0, skipped: 0, failed: 1 })
    expect(caches.deleted).toEqual([PREFETCH])
    expect(caches.urls(SEEN)).toEqual([urls[0]])
  })
})
