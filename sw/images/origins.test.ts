import { describe, expect, it } from 'vitest'
import { FakeCacheStorage } from '../testing/fake-caches.ts'
import { createImageOriginStore } from './origins.ts'

const STATE = 'test-sw-state'
const KEY = 'https://marquee-sw-state.invalid/image-origins'
const storeOn = (caches: FakeCacheStorage) =>
  createImageOriginStore({ caches, cacheName: STATE, key: KEY, base: 'https://app.test/' })

describe('image origin store', () => {
  it('starts empty and loaded when nothing is stored', async () => {
    const store = storeOn(new FakeCacheStorage())
    await store.ready
    expect(store.loaded()).toBe(true)
    expect(store.list()).toEqual([])
  })

  it('keeps the normalised list in memory and persists it for a restarted worker', async () => {
    const caches = new FakeCacheStorage()
    const store = storeOn(caches)
    await store.ready
    expect(await store.set(['https://img.test', '/img', 'ftp://x/', 'https://img.test/'])).toEqual([
      'https://img.test/',
      'https://app.test/img/',
    ])
    expect(store.list()).toEqual(['https://img.test/', 'https://app.test/img/'])

    const restarted = storeOn(caches)
    expect(restarted.loaded()).toBe(false)
    await restarted.ready
    expect(restarted.list()).toEqual(['https://img.test/', 'https://app.test/img/'])
  })

  it('replaces the list on a later message', async () => {
    const caches = new FakeCacheStorage()
    const store = storeOn(caches)
    await store.set(['https://a.test/'])
    await store.set(['https://b.test/'])
    expect(store.list()).toEqual(['https://b.test/'])
    const restarted = storeOn(caches)
    await restarted.ready
    expect(restarted.list()).toEqual(['https://b.test/'])
  })

  it('a set before the stored list is read wins over the older stored list', async () => {
    const caches = new FakeCacheStorage()
    await storeOn(caches).set(['https://old.test/'])
    const store = storeOn(caches)
    await store.set(['https://new.test/'])
    await store.ready
    expect(store.list()).toEqual(['https://new.test/'])
  })

  it('ignores a corrupt stored entry', async () => {
    const caches = new FakeCacheStorage()
    await (await caches.open(STATE)).put(KEY, new Response('{"origins": 42}'))
    const store = storeOn(caches)
    await store.ready
    expect(store.list()).toEqual([])
    await (await caches.open(STATE)).put(KEY, new Response('not json'))
    const again = storeOn(caches)
    await again.ready
    expect(again.list()).toEqual([])
  })

  it('keeps working in memory when the write fails', async () => {
    const caches = new FakeCacheStorage()
    caches.quota = 0
    const store = storeOn(caches)
    await store.set(['https://img.test/'])
    expect(store.list()).toEqual(['https://img.test/'])
  })
})
