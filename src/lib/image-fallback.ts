/**
 * Images without a controlling service worker (first visit, workers blocked or unsupported),
 * fetch, descramble with the page's keys, show as a data URI, and keep the data URI
 * in IndexedDB through localforage (database `imageDatabase`, store `imgList`, version 1).
 *
 * Records are `{src, imgData, storedAt}` keyed by src. At most 500 are kept, oldest written
 * first out: while the store holds fewer than the limit a write only counts the store; once it
 * is full, one pass over the records (once per session) reads their `storedAt` into an
 * in-memory order that later writes keep up to date. Records without `storedAt` (written by
 * anything else) count as oldest.
 *
 * Each load (cache read, fetch, descramble) has 10 000 ms; after 30 time-outs the cache is
 * bypassed for the rest of the session, since a stuck IndexedDB is one way to time out.
 * Failures and non-images are never stored.
 */
import localforage from 'localforage'
import type { ImageKeys } from '../../core/images/descramble.ts'
import { IMAGE_KEYS } from '../../core/images/build-keys.ts'
import { fetchImage, type ImageLoadFailure } from '../../core/images/fetch-image.ts'

export interface ImageRecord {
  src: string
  /** A data URI. */
  imgData: string
  /** When it was written (the injected clock); orders eviction. */
  storedAt: number
}

/** The part of a localforage instance the fallback uses. */
export interface ImageRecordStore {
  getItem(key: string): Promise<unknown>
  setItem(key: string, value: ImageRecord): Promise<unknown>
  removeItem(key: string): Promise<void>
  length(): Promise<number>
  iterate(iteratee: (value: unknown, key: string) => void): Promise<unknown>
  /** Opens the database (localforage opens it on the first call otherwise). */
  ready?(): Promise<unknown>
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface ImageFallbackDeps {
  fetch(url: string, init: RequestInit): Promise<Response>
  store: ImageRecordStore
  keys: ImageKeys
  now(): number
  timers: Timers
  timeoutMs?: number
  maxRecords?: number
  maxTimeouts?: number
}

export const FALLBACK_TIMEOUT_MS = 10_000
export const FALLBACK_MAX_RECORDS = 500
export const FALLBACK_MAX_TIMEOUTS = 30
/** Data URIs kept in memory for the visit (about 10 KB each). */
const RECENT_IMAGES = 64

export class ImageLoadError extends Error {
  constructor(readonly reason: ImageLoadFailure) {
    super(`image load failed: ${reason}`)
    this.name = 'ImageLoadError'
  }
}

export interface ImageFallback {
  /** Resolves to a data URI; rejects with an ImageLoadError. Concurrent loads of one src share one attempt. */
  load(src: string): Promise<string>
  /**
   * The data URI stored for `src`, or null; reads the store only, never the network, and never
   * rejects (a failing or stuck store, past the load time-out, is null). For images a worker
   * could not answer: what a first visit showed before the worker took over is only here.
   */
  stored(src: string): Promise<string | null>
  /** Whether 30 time-outs have switched the cache off for this session. */
  cacheBypassed(): boolean
  /** Settles when the cache writes started so far have finished (tests). */
  flush(): Promise<void>
  /**
   * Opens the store ahead of the first load: on a first visit, creating the database held up
   * the first covers by a fifth of a second after home's answer.
   */
  warm(): void
}

/** Base64 data URI; Uint8Array.prototype.toBase64 where the browser has it (no binary string). */
export function bytesToDataUri(bytes: Uint8Array, contentType: string): string {
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64
  if (typeof native === 'function') return `data:${contentType};base64,${native.call(bytes)}`
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `data:${contentType};base64,${btoa(binary)}`
}

function cachedImage(value: unknown, src: string): string | null {
  if (typeof value !== 'object' || value === null) return null
  const { src: key, imgData } = value as Partial<ImageRecord>
  return key === src && typeof imgData === 'string' && imgData.startsWith('data:image/') ? imgData : null
}

function storedAtOf(value: unknown): number {
  const storedAt = typeof value === 'object' && value !== null ? (value as Partial<ImageRecord>).storedAt : undefined
  return typeof storedAt === 'number' ? storedAt : 0
}

export function createImageFallback(deps: ImageFallbackDeps): ImageFallback {
  const timeoutMs = deps.timeoutMs ?? FALLBACK_TIMEOUT_MS
  const maxRecords = deps.maxRecords ?? FALLBACK_MAX_RECORDS
  const maxTimeouts = deps.maxTimeouts ?? FALLBACK_MAX_TIMEOUTS
  const { store } = deps

  let timeouts = 0
  const bypassed = () => timeouts >= maxTimeouts
  const inFlight = new Map<string, Promise<string>>()
  /**
   * Images loaded on this visit, newest last: an image loaded ahead of its card (home's first
   * covers) is there when the card asks, without a trip to IndexedDB, whose write may not be done.
   */
  const recent = new Map<string, string>()
  const remember = (src: string, imgData: string) => {
    recent.delete(src)
    recent.set(src, imgData)
    for (const oldest of recent.keys()) {
      if (recent.size <= RECENT_IMAGES) break
      recent.delete(oldest)
    }
  }
  /** src → storedAt, oldest first; null until the store has been full once this session. */
  let order: Map<string, number> | null = null
  /** Writes run one after another so the count and the order stay consistent. */
  let writes: Promise<void> = Promise.resolve()

  const readOrder = async () => {
    const entries: Array<[string, number]> = []
    await store.iterate((value, key) => void entries.push([key, storedAtOf(value)]))
    return new Map(entries.sort((a, b) => a[1] - b[1]))
  }

  const write = async (record: ImageRecord) => {
    if (order === null) {
      if ((await store.length()) < maxRecords) {
        await store.setItem(record.src, record)
        return
      }
      order = await readOrder()
    }
    await store.setItem(record.src, record)
    order.delete(record.src)
    order.set(record.src, record.storedAt)
    for (const oldest of order.keys()) {
      if (order.size <= maxRecords) break
      order.delete(oldest)
      await store.removeItem(oldest)
    }
  }

  const save = (record: ImageRecord) => {
    writes = writes
      .then(() => write(record))
      .catch(() => {
        // Quota or a closed database: the image is shown anyway; the order is re-read next time.
        order = null
      })
  }

  const run = async (src: string, signal: AbortSignal): Promise<string> => {
    if (!bypassed()) {
      const hit = cachedImage(await store.getItem(src).catch(() => null), src)
      if (hit) return hit
    }
    const loaded = await fetchImage(src, { fetch: deps.fetch, keys: deps.keys, signal })
    if (!loaded.ok) throw new ImageLoadError(loaded.reason)
    const imgData = bytesToDataUri(loaded.bytes, loaded.contentType)
    if (!signal.aborted && !bypassed()) save({ src, imgData, storedAt: deps.now() })
    if (!signal.aborted) remember(src, imgData)
    return imgData
  }

  const attempt = (src: string) =>
    new Promise<string>((resolve, reject) => {
      const controller = new AbortController()
      const timer = deps.timers.setTimeout(() => {
        timeouts++
        controller.abort()
        reject(new ImageLoadError('timeout'))
      }, timeoutMs)
      run(src, controller.signal)
        .then(resolve, (error: unknown) =>
          reject(error instanceof ImageLoadError ? error : new ImageLoadError('network')),
        )
        .finally(() => deps.timers.clearTimeout(timer))
    })

  return {
    load(src) {
      const seen = recent.get(src)
      if (seen !== undefined) return Promise.resolve(seen)
      const pending = inFlight.get(src)
      if (pending) return pending
      const loading = attempt(src).finally(() => inFlight.delete(src))
      inFlight.set(src, loading)
      return loading
    },
    stored(src) {
      if (bypassed()) return Promise.resolve(null)
      return new Promise<string | null>((resolve) => {
        const timer = deps.timers.setTimeout(() => resolve(null), timeoutMs)
        store
          .getItem(src)
          .then(
            (value) => cachedImage(value, src),
            () => null,
          )
          .then((uri) => {
            deps.timers.clearTimeout(timer)
            resolve(uri)
          })
      })
    },
    cacheBypassed: bypassed,
    flush: () => writes,
    warm() {
      store.ready?.().catch(() => {
        // The first load finds out, and counts it.
      })
    },
  }
}

let pageFallback: ImageFallback | null = null

/** The page's fallback: localforage on IndexedDB only (data URIs would overflow localStorage). */
export function pageImageFallback(): ImageFallback {
  pageFallback ??= createImageFallback({
    fetch: (url, init) => fetch(url, init),
    store: localforage.createInstance({
      name: 'imageDatabase',
      storeName: 'imgList',
      version: 1,
      driver: localforage.INDEXEDDB,
    }),
    keys: IMAGE_KEYS,
    now: () => Date.now(),
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as number),
    },
  })
  return pageFallback
}
