import { describe, expect, it, vi } from 'vitest'
import { DEV_IMAGE_KEYS, hexToBytes } from '../../core/images/descramble.ts'
import vectors from '../../core/images/vectors.json' with { type: 'json' }
import {
  bytesToDataUri,
  createImageFallback,
  ImageLoadError,
  type ImageFallbackDeps,
  type ImageRecord,
  type ImageRecordStore,
} from './image-fallback.ts'

const dev = vectors.cases.filter((v) => v.keys.xorByte === DEV_IMAGE_KEYS.xorByte)
const png = dev.find((v) => v.contentType === 'image/png')!
const ORIGIN = 'https://img.example/'

function naiveBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}
const dataUriOf = (v: { contentType: string; plainHex: string }) =>
  `data:${v.contentType};base64,${naiveBase64(hexToBytes(v.plainHex))}`

/** localforage-like store over a Map; `hang` makes reads never settle. */
function memoryStore() {
  const map = new Map<string, unknown>()
  const state = { hang: false, failWrites: false }
  const store: ImageRecordStore = {
    getItem: (key) => (state.hang ? new Promise(() => {}) : Promise.resolve(map.get(key) ?? null)),
    setItem: async (key, value) => {
      if (state.failWrites) throw new DOMException('full', 'QuotaExceededError')
      map.set(key, value)
      return value
    },
    removeItem: async (key) => void map.delete(key),
    length: async () => map.size,
    iterate: async (iteratee) => map.forEach((value, key) => iteratee(value, key)),
  }
  return { store, map, state }
}

type Answer = () => Response | Promise<Response>
function fakeFetch(answers: Record<string, Answer>) {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const fetch = (url: string, init: RequestInit) => {
    calls.push({ url, init })
    const answer = answers[url]
    if (!answer) return Promise.reject(new TypeError('Failed to fetch'))
    // Like a real fetch, an abort rejects a request still waiting for its answer.
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      Promise.resolve(answer()).then(resolve, reject)
    })
  }
  return { fetch, calls }
}

function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>()
  let next = 1
  return {
    timers: {
      setTimeout: (callback: () => void, ms: number) => {
        pending.set(next, { callback, ms })
        return next++
      },
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    },
    delays: () => [...pending.values()].map((timer) => timer.ms),
    fireAll() {
      const due = [...pending.values()]
      pending.clear()
      due.forEach((timer) => timer.callback())
    },
  }
}

const scrambled = (hex: string) => () => new Response(hexToBytes(hex))
const never = () => new Promise<Response>(() => {})

function setup(answers: Record<string, Answer>, options: Partial<ImageFallbackDeps> = {}) {
  const memory = memoryStore()
  const network = fakeFetch(answers)
  const clock = manualTimers()
  let time = 1000
  const fallback = createImageFallback({
    fetch: network.fetch,
    store: memory.store,
    keys: DEV_IMAGE_KEYS,
    now: () => time++,
    timers: clock.timers,
    ...options,
  })
  return { fallback, memory, network, clock }
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof ImageLoadError ? error.reason : `unexpected ${String(error)}`),
  )

describe('bytesToDataUri', () => {
  it.each(dev)('$name', (v) => {
    expect(bytesToDataUri(hexToBytes(v.plainHex), v.contentType)).toBe(dataUriOf(v))
  })

  it('encodes more than one chunk', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256)
    expect(bytesToDataUri(bytes, 'image/png')).toBe(`data:image/png;base64,${naiveBase64(bytes)}`)
  })
})

describe('image fallback', () => {
  const SCHEMES = ['markerHex', 'headHex', 'offsetHex', 'plainHex'] as const
  const rows = dev.flatMap((v) => SCHEMES.map((scheme) => ({ v, scheme })))

  it.each(rows)(
    '$v.name, $scheme: a data URI of the descrambled image, stored as {src, imgData}',
    async ({ v, scheme }) => {
      const src = `${ORIGIN}${scheme}.bin`
      const { fallback, memory, network } = setup({ [src]: scrambled(v[scheme]) })
      expect(await fallback.load(src)).toBe(dataUriOf(v))
      await fallback.flush()
      expect(memory.map.get(src)).toEqual({ src, imgData: dataUriOf(v), storedAt: 1000 })
      expect(network.calls[0]!.init).toMatchObject({ mode: 'cors', credentials: 'omit' })
      expect(network.calls[0]!.init.signal).toBeInstanceOf(AbortSignal)
    },
  )

  it('answers from the store without fetching', async () => {
    const src = `${ORIGIN}a.png`
    const { fallback, memory, network } = setup({})
    memory.map.set(src, { src, imgData: 'data:image/png;base64,AAAA' })
    expect(await fallback.load(src)).toBe('data:image/png;base64,AAAA')
    expect(network.calls).toEqual([])
  })

  it('stored(): the stored data URI, read from the store only, never the network', async () => {
    const src = `${ORIGIN}a.png`
    const other = `${ORIGIN}b.png`
    const { fallback, memory, network } = setup({ [other]: scrambled(png.markerHex) })
    memory.map.set(src, { src, imgData: 'data:image/png;base64,AAAA', storedAt: 1 })
    memory.map.set(`${ORIGIN}foreign.png`, { src: other, imgData: 'data:image/png;base64,AAAA' })
    memory.map.set(`${ORIGIN}text.png`, { src: `${ORIGIN}text.png`, imgData: 'data:text/html;base64,AAAA' })
    expect(await fallback.stored(src)).toBe('data:image/png;base64,AAAA')
    expect(await fallback.stored(other)).toBeNull()
    expect(await fallback.stored(`${ORIGIN}foreign.png`)).toBeNull()
    expect(await fallback.stored(`${ORIGIN}text.png`)).toBeNull()
    expect(network.calls).toEqual([])
  })

  it('stored(): null when the store fails or hangs past the time-out', async () => {
    const src = `${ORIGIN}a.png`
    const failing = setup({})
    failing.memory.store.getItem = () => Promise.reject(new DOMException('closed', 'InvalidStateError'))
    expect(await failing.fallback.stored(src)).toBeNull()

    const stuck = setup({})
    stuck.memory.map.set(src, { src, imgData: 'data:image/png;base64,AAAA', storedAt: 1 })
    stuck.memory.state.hang = true
    const answer = stuck.fallback.stored(src)
    expect(stuck.clock.delays()).toEqual([10_000])
    stuck.clock.fireAll()
    expect(await answer).toBeNull()
  })

  it('ignores a stored record that is not an image data URI', async () => {
    const src = `${ORIGIN}a.png`
    const { fallback, memory, network } = setup({ [src]: scrambled(png.markerHex) })
    memory.map.set(src, { src, imgData: 'data:text/html;base64,AAAA' })
    expect(await fallback.load(src)).toBe(dataUriOf(png))
    expect(network.calls).toHaveLength(1)
  })

  it('shares one attempt between concurrent loads of one src', async () => {
    const src = `${ORIGIN}a.png`
    const { fallback, network } = setup({ [src]: scrambled(png.headHex) })
    const [a, b] = await Promise.all([fallback.load(src), fallback.load(src)])
    expect(a).toBe(b)
    expect(network.calls).toHaveLength(1)
  })

  it('answers an image loaded earlier on this visit from memory, before its stored copy is written', async () => {
    const src = `${ORIGIN}a.png`
    const { fallback, memory, network } = setup({ [src]: scrambled(png.markerHex) })
    const first = await fallback.load(src)
    // The store is stuck now (its write not done, say): the second load needs neither it nor the network.
    memory.state.hang = true
    expect(await fallback.load(src)).toBe(first)
    expect(network.calls).toHaveLength(1)
  })

  it('warm() opens the store ahead of the first load, and a store without ready() or a failing one is fine', async () => {
    const { fallback, memory } = setup({})
    const ready = vi.fn(async () => {})
    memory.store.ready = ready
    fallback.warm()
    expect(ready).toHaveBeenCalledTimes(1)
    memory.store.ready = () => Promise.reject(new DOMException('blocked', 'InvalidStateError'))
    fallback.warm()
    delete memory.store.ready
    expect(() => fallback.warm()).not.toThrow()
  })

  it('after a failed attempt, a later load tries again', async () => {
    const src = `${ORIGIN}a.png`
    let answers = 0
    const { fallback, network } = setup({
      [src]: () => (++answers === 1 ? new Response('gone', { status: 404 }) : scrambled(png.markerHex)()),
    })
    expect(await reasonOf(fallback.load(src))).toBe('status')
    expect(await fallback.load(src)).toBe(dataUriOf(png))
    expect(network.calls).toHaveLength(2)
  })

  it.each([
    ['a 404', () => new Response('gone', { status: 404 }), 'status'],
    ['a 500', () => new Response('oops', { status: 500 }), 'status'],
    ['an opaque response', () => Object.defineProperty(new Response(null), 'type', { value: 'opaque' }), 'opaque'],
    ['HTML', () => new Response('<!doctype html><html><body>not an image</body></html>'), 'not-image'],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch')), 'network'],
  ] as Array<[string, Answer, string]>)('rejects %s and stores nothing', async (_name, answer, reason) => {
    const src = `${ORIGIN}x.png`
    const { fallback, memory } = setup({ [src]: answer })
    expect(await reasonOf(fallback.load(src))).toBe(reason)
    await fallback.flush()
    expect(memory.map.size).toBe(0)
  })

  it('gives each load 10 000 ms, then aborts the fetch and stores nothing', async () => {
    const src = `${ORIGIN}slow.png`
    const { fallback, memory, network, clock } = setup({ [src]: never })
    const loading = reasonOf(fallback.load(src))
    expect(clock.delays()).toEqual([10_000])
    for (let i = 0; i < 10 && network.calls.length === 0; i++) await Promise.resolve()
    expect(network.calls).toHaveLength(1)
    clock.fireAll()
    expect(await loading).toBe('timeout')
    expect(network.calls[0]!.init.signal?.aborted).toBe(true)
    await fallback.flush()
    expect(memory.map.size).toBe(0)
  })

  it('counts a stuck store read as a time-out', async () => {
    const src = `${ORIGIN}a.png`
    const { fallback, memory, clock } = setup({ [src]: scrambled(png.markerHex) })
    memory.state.hang = true
    const loading = reasonOf(fallback.load(src))
    clock.fireAll()
    expect(await loading).toBe('timeout')
  })

  it('bypasses the store for the session after 30 time-outs', async () => {
    const slow = `${ORIGIN}slow.png`
    const good = `${ORIGIN}good.png`
    const { fallback, memory, network, clock } = setup({ [slow]: never, [good]: scrambled(png.markerHex) })
    for (let i = 0; i < 29; i++) {
      const loading = reasonOf(fallback.load(slow))
      clock.fireAll()
      expect(await loading).toBe('timeout')
    }
    expect(fallback.cacheBypassed()).toBe(false)
    const last = reasonOf(fallback.load(slow))
    clock.fireAll()
    expect(await last).toBe('timeout')
    expect(fallback.cacheBypassed()).toBe(true)

    // A stored copy is no longer read, and new images are no longer written.
    memory.map.set(good, { src: good, imgData: 'data:image/png;base64,AAAA', storedAt: 1 })
    expect(await fallback.load(good)).toBe(dataUriOf(png))
    await fallback.flush()
    expect(network.calls.filter((call) => call.url === good)).toHaveLength(1)
    expect(memory.map.get(good)).toEqual({ src: good, imgData: 'data:image/png;base64,AAAA', storedAt: 1 })
    memory.map.clear()
    expect(await fallback.load(good)).toBe(dataUriOf(png))
    await fallback.flush()
    expect(memory.map.size).toBe(0)
  })

  it('keeps at most maxRecords records, oldest written first out', async () => {
    const srcs = Array.from({ length: 6 }, (_, i) => `${ORIGIN}${i}.png`)
    const answers = Object.fromEntries(srcs.map((src) => [src, scrambled(png.markerHex)]))
    const { fallback, memory } = setup(answers, { maxRecords: 3 })
    // A record from before this session, without storedAt, counts as oldest.
    memory.map.set(`${ORIGIN}legacy.png`, { src: `${ORIGIN}legacy.png`, imgData: 'data:image/png;base64,AAAA' })
    for (const src of srcs.slice(0, 2)) await fallback.load(src)
    await fallback.flush()
    expect([...memory.map.keys()].sort()).toEqual([`${ORIGIN}0.png`, `${ORIGIN}1.png`, `${ORIGIN}legacy.png`])

    for (const src of srcs.slice(2)) await fallback.load(src)
    await fallback.flush()
    expect(memory.map.size).toBe(3)
    expect([...memory.map.keys()].sort()).toEqual(srcs.slice(3))
    const records = [...memory.map.values()] as ImageRecord[]
    expect(records.map((record) => record.storedAt).sort()).toEqual([1003, 1004, 1005])
  })

  it('shows the image when the store refuses the write, and stores again later', async () => {
    const [a, b] = [`${ORIGIN}a.png`, `${ORIGIN}b.png`]
    const { fallback, memory } = setup({ [a]: scrambled(png.markerHex), [b]: scrambled(png.markerHex) })
    memory.state.failWrites = true
    expect(await fallback.load(a)).toBe(dataUriOf(png))
    await fallback.flush()
    expect(memory.map.size).toBe(0)
    memory.state.failWrites = false
    expect(await fallback.load(b)).toBe(dataUriOf(png))
    await fallback.flush()
    expect([...memory.map.keys()]).toEqual([b])
  })
})
