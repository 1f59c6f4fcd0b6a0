import { describe, expect, it, vi } from 'vitest'
import { clearImageCaches, estimateStorage, formatBytes } from './storage.ts'

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [-5, '0 B'],
    [512, '512 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [12.34 * 1024 * 1024, '12.3 MB'],
    [2 * 1024 ** 3, '2 GB'],
    [1023.96 * 1024, '1 MB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })
})

describe('estimateStorage', () => {
  it('answers usage and quota', async () => {
    await expect(estimateStorage({ estimate: async () => ({ usage: 10, quota: 100 }) })).resolves.toEqual({
      usage: 10,
      quota: 100,
    })
  })

  it.each([
    ['no StorageManager', undefined],
    ['no figures', { estimate: async () => ({}) }],
    ['a refusal', { estimate: () => Promise.reject(new Error('denied')) }],
  ])('is null with %s', async (_name, storage) => {
    await expect(estimateStorage(storage)).resolves.toBeNull()
  })
})

describe('clearImageCaches', () => {
  it('deletes the image caches of every version and the fallback store, never the precache or the worker state', async () => {
    const names = [
      'marquee-precache-v1-http://127.0.0.1/',
      'marquee-images-seen-v1',
      'marquee-images-prefetch-v1',
      'marquee-images-seen-v0',
      'marquee-sw-state',
    ]
    const caches = { keys: vi.fn(async () => names), delete: vi.fn(async (_name: string) => true) }
    const fallbackStore = { clear: vi.fn(async () => undefined) }
    const deleted = await clearImageCaches({ caches, fallbackStore })
    expect(deleted).toEqual(['marquee-images-seen-v1', 'marquee-images-prefetch-v1', 'marquee-images-seen-v0'])
    expect(caches.delete.mock.calls.map(([name]) => name)).toEqual(deleted)
    expect(fallbackStore.clear).toHaveBeenCalledTimes(1)
  })

  it('still clears the fallback store without Cache Storage', async () => {
    const fallbackStore = { clear: vi.fn(async () => undefined) }
    await expect(clearImageCaches({ caches: undefined, fallbackStore })).resolves.toEqual([])
    expect(fallbackStore.clear).toHaveBeenCalledTimes(1)
  })
})
