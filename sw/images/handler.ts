/**
 * The image route (docs/protocol.md, "Images"): cached image, or fetch → descramble in place → a real
 * image Response → seen cache. Prefetching runs the same fetch into the prefetch cache.
 * Everything the worker's globals provide (fetch, caches, timers, keys) comes in as deps, so
 * this runs under vitest in Node.
 */
import type { ImageKeys } from '../../core/images/descramble.ts'
import { fetchImage, type ImageLoadFailure } from '../../core/images/fetch-image.ts'
import { lookupImage, storeImage, type ImageCacheConfig } from './image-cache.ts'
import type { ImageOriginStore } from './origins.ts'
import { isImageRequest, isImageUrl } from './route.ts'

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface ImageFetchDeps {
  fetch(input: string | Request, init?: RequestInit): Promise<Response>
  /** Build-time image keys (today DEV_IMAGE_KEYS; see sw.ts). */
  keys: ImageKeys
  timers: Timers
  timeoutMs: number
  /** The Cache-Control of the worker's image responses. */
  cacheControl: string
}

export interface ImageRouteDeps extends ImageFetchDeps, ImageCacheConfig {
  origins: Pick<ImageOriginStore, 'list' | 'ready'>
  /** Keeps cache writes alive after the response has gone out (event.waitUntil). */
  waitUntil(promise: Promise<unknown>): void
}

export interface PrefetchDeps extends ImageFetchDeps, ImageCacheConfig {
  origins: Pick<ImageOriginStore, 'list' | 'ready'>
  concurrency: number
}

export type LoadResult =
  | { ok: true; bytes: Uint8Array<ArrayBuffer>; contentType: string }
  /** `response` is what the page gets instead: the error response itself, a 502/504, or a network error. */
  | { ok: false; reason: ImageLoadFailure; response: Response }

const failure = (reason: ImageLoadFailure, status: number, statusText: string): LoadResult => ({
  ok: false,
  reason,
  response: new Response(null, { status, statusText }),
})

/** Fetches and descrambles one image (core's loader); the time-out covers the headers and the body. */
export async function loadImage(url: string, deps: ImageFetchDeps): Promise<LoadResult> {
  const controller = new AbortController()
  const timer = deps.timers.setTimeout(() => controller.abort(), deps.timeoutMs)
  try {
    const loaded = await fetchImage(url, { fetch: deps.fetch, keys: deps.keys, signal: controller.signal })
    if (loaded.ok) return loaded
    switch (loaded.reason) {
      case 'status':
        return { ok: false, reason: 'status', response: loaded.response }
      case 'opaque':
        return failure('opaque', 502, 'Unreadable image response')
      case 'not-image':
        return failure('not-image', 502, 'Not an image')
      case 'timeout':
        return failure('timeout', 504, 'Image fetch timed out')
      case 'network':
        return { ok: false, reason: 'network', response: Response.error() }
    }
  } finally {
    deps.timers.clearTimeout(timer)
  }
}

/** A new Response per call: a Response body can be read once, and a body from bytes is a copy of them. */
function imageResponder(bytes: Uint8Array<ArrayBuffer>, contentType: string, cacheControl: string) {
  return () => new Response(bytes, { headers: { 'Content-Type': contentType, 'Cache-Control': cacheControl } })
}

/** Moves a prefetched image into the seen cache once it is really viewed. */
async function promote(url: string, cached: Response, deps: ImageRouteDeps): Promise<void> {
  const body = await cached.arrayBuffer()
  const headers = new Headers(cached.headers)
  const outcome = await storeImage('seen', url, () => new Response(body, { headers }), deps)
  if (outcome === 'stored' || outcome === 'stored-after-purging-prefetch') {
    const prefetch = await deps.caches.open(deps.names.prefetch)
    await prefetch.delete(url)
  }
}

export async function handleImageRequest(request: Request, deps: ImageRouteDeps): Promise<Response> {
  // The route may have taken the request before a restarted worker had read its origins (route.ts).
  await deps.origins.ready
  if (!isImageRequest(request, deps.origins.list())) return deps.fetch(request)

  const url = request.url
  // Storage trouble (cache opened during a purge, storage off) must not cost the image itself.
  const cached = await lookupImage(url, deps).catch(() => null)
  if (cached) {
    if (cached.kind === 'prefetch') deps.waitUntil(promote(url, cached.response.clone(), deps).catch(() => {}))
    return cached.response
  }

  const loaded = await loadImage(url, deps)
  if (!loaded.ok) return loaded.response
  const respond = imageResponder(loaded.bytes, loaded.contentType, deps.cacheControl)
  deps.waitUntil(storeImage('seen', url, respond, deps))
  return respond()
}

export interface PrefetchSummary {
  stored: number
  /** Already cached, not under an image origin, or duplicates in the batch. */
  skipped: number
  failed: number
}

/** Fetches a batch into the prefetch cache, `concurrency` at a time. */
export async function prefetchImages(urls: readonly string[], deps: PrefetchDeps): Promise<PrefetchSummary> {
  await deps.origins.ready
  const origins = deps.origins.list()
  const summary: PrefetchSummary = { stored: 0, skipped: 0, failed: 0 }
  const queue: string[] = []
  for (const raw of urls) {
    const href = URL.canParse(raw) ? new URL(raw).href : null
    if (href === null || !isImageUrl(href, origins) || queue.includes(href)) summary.skipped++
    else queue.push(href)
  }

  let next = 0
  const work = async () => {
    while (next < queue.length) {
      const url = queue[next++]!
      if (await lookupImage(url, deps).catch(() => null)) {
        summary.skipped++
        continue
      }
      const loaded = await loadImage(url, deps)
      if (!loaded.ok) {
        summary.failed++
        continue
      }
      const outcome = await storeImage(
        'prefetch',
        url,
        imageResponder(loaded.bytes, loaded.contentType, deps.cacheControl),
        deps,
      )
      if (outcome === 'stored') summary.stored++
      else summary.failed++
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, deps.concurrency), queue.length) }, work))
  return summary
}
