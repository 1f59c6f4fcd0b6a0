import { describe, expect, it, vi } from 'vitest'
import { MAX_PREFETCH_URLS } from '../../core/sw-messages.ts'
import { postPrefetchImages, prefetchPlan, readPrefetchEnvironment, whenIdle } from './prefetch.ts'

describe('prefetchPlan', () => {
  it.each([
    [{ hasController: true }, { data: true, images: true }],
    [{ hasController: false }, { data: true, images: false }],
    [
      { hasController: true, effectiveType: '4g', saveData: false },
      { data: true, images: true },
    ],
    [
      { hasController: true, effectiveType: '3g' },
      { data: true, images: true },
    ],
    [
      { hasController: true, saveData: true },
      { data: false, images: false, reason: 'save-data' },
    ],
    [
      { hasController: true, effectiveType: '2g' },
      { data: false, images: false, reason: 'slow-network' },
    ],
    [
      { hasController: false, effectiveType: 'slow-2g' },
      { data: false, images: false, reason: 'slow-network' },
    ],
    [
      { hasController: true, storage: { usage: 91, quota: 100 } },
      { data: false, images: false, reason: 'storage-full' },
    ],
    [
      { hasController: true, storage: { usage: 90, quota: 100 } },
      { data: true, images: true },
    ],
    // An unknown or zero quota says nothing about fullness.
    [
      { hasController: true, storage: { usage: 5 } },
      { data: true, images: true },
    ],
    [
      { hasController: true, storage: { usage: 5, quota: 0 } },
      { data: true, images: true },
    ],
  ])('%o → %o', (env, plan) => {
    expect(prefetchPlan(env)).toEqual(plan)
  })
})

describe('readPrefetchEnvironment', () => {
  it('reads Save-Data, the effective type, the storage estimate and the controller', async () => {
    const env = await readPrefetchEnvironment({
      connection: { saveData: true, effectiveType: '3g' },
      storage: { estimate: async () => ({ usage: 1, quota: 2 }) } as unknown as StorageManager,
      serviceWorker: { controller: {} as ServiceWorker },
    })
    expect(env).toEqual({ saveData: true, effectiveType: '3g', storage: { usage: 1, quota: 2 }, hasController: true })
  })

  it('treats a missing connection, a failing estimate and no worker as unknown', async () => {
    const env = await readPrefetchEnvironment({
      storage: { estimate: () => Promise.reject(new Error('denied')) } as unknown as StorageManager,
    })
    expect(env).toEqual({ hasController: false })
  })
})

describe('whenIdle', () => {
  it('uses requestIdleCallback with a deadline where it exists, and cancels it', () => {
    const requestIdleCallback = vi.fn(() => 7)
    const cancelIdleCallback = vi.fn()
    const task = vi.fn()
    const cancel = whenIdle(task, {
      requestIdleCallback,
      cancelIdleCallback,
      setTimeout: vi.fn(),
      clearTimeout: vi.fn(),
    })
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 2000 })
    cancel()
    expect(cancelIdleCallback).toHaveBeenCalledWith(7)
  })

  it('falls back to a timeout without requestIdleCallback', () => {
    vi.useFakeTimers()
    try {
      const timers = { setTimeout, clearTimeout } as never
      const task = vi.fn()
      whenIdle(task, timers)
      const cancelled = vi.fn()
      const cancel = whenIdle(cancelled, timers)
      cancel()
      vi.runAllTimers()
      expect(task).toHaveBeenCalledTimes(1)
      expect(cancelled).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('postPrefetchImages', () => {
  it('posts unique URLs to the controller, at most what the worker accepts', () => {
    const postMessage = vi.fn()
    const urls = ['a', 'b', 'a', '', ...Array.from({ length: 300 }, (_, i) => `u${i}`)]
    expect(postPrefetchImages(urls, { postMessage })).toBe(true)
    const message = postMessage.mock.calls[0]![0] as { type: string; urls: string[] }
    expect(message.type).toBe('PREFETCH_IMAGES')
    expect(message.urls.slice(0, 3)).toEqual(['a', 'b', 'u0'])
    expect(message.urls).toHaveLength(MAX_PREFETCH_URLS)
  })

  it('posts nothing without a controller or without URLs', () => {
    const postMessage = vi.fn()
    expect(postPrefetchImages(['a'], null)).toBe(false)
    expect(postPrefetchImages([], { postMessage })).toBe(false)
    expect(postMessage).not.toHaveBeenCalled()
  })
})
