import { describe, expect, it } from 'vitest'
import { ApiError, ApiErrorKind } from './http.ts'
import { callKey } from '../../core/contracts/call-key.ts'
import { createOfflineReads, type ReadsBackend } from './offline-reads.ts'

function fakeBackend() {
  const data = new Map<string, unknown>()
  let failWrites = false
  const backend: ReadsBackend = {
    getItem: async (key) => structuredClone(data.get(key) ?? null),
    setItem: async (key, value) => {
      if (failWrites) throw new DOMException('quota', 'QuotaExceededError')
      data.set(key, structuredClone(value))
      return value
    },
    removeItem: async (key) => {
      data.delete(key)
    },
    clear: async () => data.clear(),
  }
  return { backend, data, failWrites: (on: boolean) => (failWrites = on) }
}

function setup(options: { max?: number } = {}) {
  const fake = fakeBackend()
  let clock = 1000
  let online = true
  const reads = createOfflineReads({
    backend: fake.backend,
    now: () => clock,
    isOnline: () => online,
    ...(options.max === undefined ? {} : { maxEntries: options.max }),
  })
  return {
    ...fake,
    reads,
    tick: (ms: number) => (clock += ms),
    setOnline: (value: boolean) => (online = value),
  }
}

const networkError = () => new ApiError(ApiErrorKind.Network, 'offline')

describe('callKey', () => {
  it('does not depend on the order of the body keys and leaves undefined out', () => {
    expect(callKey('media/recommend', { b: 1, a: { y: 2, x: [1, { d: 1, c: 2 }] } })).toBe(
      callKey('media/recommend', { a: { x: [1, { c: 2, d: 1 }], y: 2 }, b: 1, z: undefined }),
    )
    expect(callKey('media/recommend', { cursor: 'a' })).not.toBe(callKey('media/recommend', { cursor: 'b' }))
    expect(callKey('media/recommend', {})).not.toBe(callKey('media/published', {}))
  })
})

describe('offline reads', () => {
  it('returns fresh answers and, after a network or time-out failure, the stored one marked stale', async () => {
    const { reads } = setup()
    expect(await reads.read('media/home', {}, async () => ({ n: 1 }))).toEqual({
      data: { n: 1 },
      stale: false,
      savedAt: 1000,
    })
    await reads.flush()
    await expect(reads.read('media/home', {}, () => Promise.reject(networkError()))).resolves.toEqual({
      data: { n: 1 },
      stale: true,
      savedAt: 1000,
    })
    await expect(
      reads.read('media/home', {}, () => Promise.reject(new ApiError(ApiErrorKind.Timeout, 'slow'))),
    ).resolves.toMatchObject({ data: { n: 1 }, stale: true })
  })

  it('does not hide business or bad-request errors behind stored data, and rethrows with nothing stored', async () => {
    const { reads } = setup()
    await reads.read('content/info', { id: 1 }, async () => 'video')
    await reads.flush()
    const business = new ApiError(ApiErrorKind.Business, 'gone', 4000)
    await expect(reads.read('content/info', { id: 1 }, () => Promise.reject(business))).rejects.toBe(business)
    const network = networkError()
    await expect(reads.read('content/info', { id: 2 }, () => Promise.reject(network))).rejects.toBe(network)
  })

  it('answers from storage without a request while the browser is offline, and fetches when nothing is stored', async () => {
    const { reads, setOnline } = setup()
    await reads.read('media/recommend', { cursor: 'x' }, async () => [1, 2])
    await reads.flush()
    setOnline(false)
    let calls = 0
    const fetch = async () => {
      calls++
      return [3]
    }
    expect(await reads.read('media/recommend', { cursor: 'x' }, fetch)).toMatchObject({ data: [1, 2], stale: true })
    expect(calls).toBe(0)
    expect(await reads.read('media/recommend', { cursor: 'y' }, fetch)).toMatchObject({ data: [3], stale: false })
    expect(calls).toBe(1)
  })

  it('keeps at most maxEntries reads, dropping the least recently saved', async () => {
    const { reads, data, tick } = setup({ max: 2 })
    await reads.read('a', {}, async () => 'a')
    tick(1)
    await reads.read('b', {}, async () => 'b')
    tick(1)
    await reads.read('a', {}, async () => 'a2') // a is now the newest
    tick(1)
    await reads.read('c', {}, async () => 'c')
    await reads.flush()
    expect(await reads.peek('a', {})).toMatchObject({ data: 'a2' })
    expect(await reads.peek('b', {})).toBeNull()
    expect(await reads.peek('c', {})).toMatchObject({ data: 'c' })
    // Two reads and the index.
    expect(data.size).toBe(3)
  })

  it('keeps every save of concurrent reads in the index', async () => {
    const { reads } = setup({ max: 10 })
    await Promise.all(['a', 'b', 'c', 'd'].map((name) => reads.read(name, {}, async () => name)))
    await reads.flush()
    for (const name of ['a', 'b', 'c', 'd']) expect(await reads.peek(name, {})).toMatchObject({ data: name })
  })

  it('still answers when storage refuses to write, and clear() forgets everything', async () => {
    const { reads, failWrites } = setup()
    failWrites(true)
    expect(await reads.read('x', {}, async () => 1)).toMatchObject({ data: 1, stale: false })
    await reads.flush()
    expect(await reads.peek('x', {})).toBeNull()
    failWrites(false)
    await reads.read('y', {}, async () => 2)
    await reads.flush()
    expect(await reads.peek('y', {})).toMatchObject({ data: 2 })
    await reads.clear()
    expect(await reads.peek('y', {})).toBeNull()
  })
})
