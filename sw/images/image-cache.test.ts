import { describe, expect, it } from 'vitest'
import { FakeCacheStorage } from '../testing/fake-caches.ts'
import { cleanupImageCaches, outdatedImageCaches, storeImage, trimCache, type ImageCacheConfig } from './image-cache.ts'

const SEEN = 'm-images-seen-v2'
const PREFETCH = 'm-images-prefetch-v2'
const body = (size: number) => () => new Response(new Uint8Array(size), { headers: { 'Content-Type': 'image/png' } })
const url = (n: number) => `https://img.test/${n}.png`

function setup(limits = { seen: 500, prefetch: 300 }) {
  const caches = new FakeCacheStorage()
  const config: ImageCacheConfig = { caches, names: { seen: SEEN, prefetch: PREFETCH }, limits }
  return { caches, config }
}

describe('trimCache', () => {
  it('deletes the oldest entries beyond the limit; a re-put entry counts as new', async () => {
    const { caches } = setup()
    const cache = await caches.open(SEEN)
    for (const n of [1, 2, 3, 4]) await cache.put(url(n), body(1)())
    await cache.put(url(1), body(1)())
    expect(await trimCache(cache, 2)).toBe(2)
    expect(caches.urls(SEEN)).toEqual([url(4), url(1)])
  })
})

describe('storeImage', () => {
  it('caps each cache separately (seen 500 and prefetch 300 by default; small here)', async () => {
    const { caches, config } = setup({ seen: 3, prefetch: 2 })
    for (const n of [1, 2, 3, 4, 5]) {
      expect(await storeImage('seen', url(n), body(1), config)).toBe('stored')
      expect(await storeImage('prefetch', url(n + 10), body(1), config)).toBe('stored')
    }
    expect(caches.urls(SEEN)).toEqual([url(3), url(4), url(5)])
    expect(caches.urls(PREFETCH)).toEqual([url(14), url(15)])
  })

  it('seen write over quota: drops prefetch, retries, keeps the seen cache', async () => {
    const { caches, config } = setup()
    await storeImage('seen', url(1), body(10), config)
    await storeImage('prefetch', url(2), body(10), config)
    caches.quota = 25
    expect(await storeImage('seen', url(3), body(10), config)).toBe('stored-after-purging-prefetch')
    expect(caches.deleted).toEqual([PREFETCH])
    expect(caches.urls(SEEN)).toEqual([url(1), url(3)])
  })

  it('seen write still over quota after dropping prefetch: drops seen too', async () => {
    const { caches, config } = setup()
    await storeImage('seen', url(1), body(10), config)
    await storeImage('prefetch', url(2), body(10), config)
    caches.quota = 15
    expect(await storeImage('seen', url(3), body(10), config)).toBe('purged')
    expect(caches.deleted).toEqual([PREFETCH, SEEN])
    expect(caches.urls(SEEN)).toEqual([])
  })

  it('prefetch write over quota: drops only the prefetch cache', async () => {
    const { caches, config } = setup()
    await storeImage('seen', url(1), body(10), config)
    await storeImage('prefetch', url(2), body(10), config)
    caches.quota = 25
    expect(await storeImage('prefetch', url(3), body(10), config)).toBe('purged')
    expect(caches.deleted).toEqual([PREFETCH])
    expect(caches.urls(SEEN)).toEqual([url(1)])
  })

  it('another storage error deletes nothing', async () => {
    const { caches, config } = setup()
    const failing = () => {
      throw new TypeError('bad response')
    }
    expect(await storeImage('seen', url(1), failing, config)).toBe('failed')
    expect(caches.deleted).toEqual([])
  })
})

describe('cleanupImageCaches', () => {
  const names = [
    'm-images-seen-v1',
    'm-images-prefetch-v1',
    SEEN,
    PREFETCH,
    'm-precache-v1-https://app.test/',
    'm-sw-state',
    'other',
  ]

  it('picks the image caches of other versions only', () => {
    expect(outdatedImageCaches(names, 'm-images-', [SEEN, PREFETCH])).toEqual([
      'm-images-seen-v1',
      'm-images-prefetch-v1',
    ])
  })

  it('deletes them', async () => {
    const caches = new FakeCacheStorage()
    for (const name of names) await caches.open(name)
    await cleanupImageCaches(caches, 'm-images-', [SEEN, PREFETCH])
    expect(await caches.keys()).toEqual([SEEN, PREFETCH, 'm-precache-v1-https://app.test/', 'm-sw-state', 'other'])
  })
})
