import { DEV_IMAGE_KEYS, type ImageKeys } from '../../core/images/descramble.ts'
import type { ImageRouteDeps, PrefetchDeps, Timers } from '../images/handler.ts'
import type { ImageOriginStore } from '../images/origins.ts'
import { normalizeImageOrigins } from '../images/route.ts'
import { FakeCacheStorage } from './fake-caches.ts'

export const ORIGIN = 'https://img.test/'
export const SEEN = 'test-images-seen-v1'
export const PREFETCH = 'test-images-prefetch-v1'

/** Lets every pending promise chain run (one macrotask); not a wait for time to pass. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Timers that fire only when the test advances the clock. */
function fakeTimers(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0
  let nextId = 0
  const timers = new Map<number, { at: number; callback: () => void }>()
  return {
    setTimeout(callback, ms) {
      timers.set(++nextId, { at: now + ms, callback })
      return nextId
    },
    clearTimeout(handle) {
      timers.delete(handle as number)
    },
    advance(ms) {
      now += ms
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id)
          timer.callback()
        }
      }
    },
    pending: () => timers.size,
  }
}

type Answer = Response | (() => Response) | 'hang' | 'network-error'

/**
 * A fetch that answers from a table by URL; 'hang' never answers until its signal aborts
 * (as a real fetch does); unknown URLs are a 404. Records every call and the peak concurrency.
 */
export function fakeFetch(table: Record<string, Answer> = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = []
  let inFlight = 0
  let peak = 0
  const gates: (() => void)[] = []
  let gated = false
  const fetch = async (input: string | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input.url
    calls.push({ url, init })
    inFlight++
    peak = Math.max(peak, inFlight)
    try {
      if (gated) await new Promise<void>((resolve) => gates.push(resolve))
      const answer = table[url] ?? new Response('not found', { status: 404 })
      if (answer === 'network-error') throw new TypeError('Failed to fetch')
      if (answer === 'hang') {
        return await new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        })
      }
      return typeof answer === 'function' ? answer() : answer.clone()
    } finally {
      inFlight--
    }
  }
  return {
    fetch,
    calls,
    peak: () => peak,
    /** Holds every fetch until release(), to observe concurrency. */
    hold() {
      gated = true
    },
    release() {
      gated = false
      for (const open of gates.splice(0)) open()
    },
    waiting: () => gates.length,
  }
}

function originsOf(list: string[]): Pick<ImageOriginStore, 'list' | 'ready'> {
  const normalised = normalizeImageOrigins(list, 'https://app.test/')
  return { list: () => normalised, ready: Promise.resolve() }
}

export function imageDeps(
  options: {
    fetch?: ReturnType<typeof fakeFetch>
    keys?: ImageKeys
    origins?: string[]
    limits?: { seen: number; prefetch: number }
  } = {},
) {
  const caches = new FakeCacheStorage()
  const network = options.fetch ?? fakeFetch()
  const timers = fakeTimers()
  const background: Promise<unknown>[] = []
  const deps: ImageRouteDeps & PrefetchDeps = {
    fetch: network.fetch,
    keys: options.keys ?? DEV_IMAGE_KEYS,
    timers,
    timeoutMs: 100_000,
    cacheControl: 'public, max-age=31536000, immutable',
    caches,
    names: { seen: SEEN, prefetch: PREFETCH },
    limits: options.limits ?? { seen: 500, prefetch: 300 },
    origins: originsOf(options.origins ?? [ORIGIN]),
    waitUntil: (promise) => void background.push(promise),
    concurrency: 3,
  }
  /** Waits for the cache writes the handler handed to waitUntil. */
  const settle = async () => {
    while (background.length > 0) await Promise.all(background.splice(0))
  }
  return { deps, caches, network, timers, settle, background }
}
