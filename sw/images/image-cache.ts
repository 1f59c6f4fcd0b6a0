/**
 * The two image caches (sw/config.ts): seen images and prefetched images, each capped, oldest
 * out first, and each purged whole on a quota error.
 *
 * Quota rule (a purge drops a whole cache, so the two are kept apart):
 *  - writing a seen image hits the quota → delete the prefetch cache (the cheap one) and retry
 *    once; if that fails with the quota too, delete the seen cache as well;
 *  - writing a prefetched image hits the quota → delete the prefetch cache; the seen cache stays.
 * A failed write never fails the image response: the image was fetched, the page gets it.
 */

/** The parts of Cache Storage the image route uses; the real `caches` satisfies it. */
export interface ImageCache {
  match(key: string): Promise<Response | undefined>
  put(key: string, response: Response): Promise<void>
  delete(key: string | Request): Promise<boolean>
  keys(): Promise<readonly Request[]>
}

export interface ImageCacheStorage {
  open(name: string): Promise<ImageCache>
  delete(name: string): Promise<boolean>
  keys(): Promise<string[]>
}

export type ImageCacheKind = 'seen' | 'prefetch'

export interface ImageCacheConfig {
  caches: ImageCacheStorage
  names: Record<ImageCacheKind, string>
  /** Entries kept per cache. */
  limits: Record<ImageCacheKind, number>
}

export type StoreOutcome =
  | 'stored'
  /** Seen write: the prefetch cache was deleted and the retry worked. */
  | 'stored-after-purging-prefetch'
  /** The cache(s) were deleted per the quota rule and the image was not kept. */
  | 'purged'
  /** Any other storage error; nothing was deleted. */
  | 'failed'

function isQuotaError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError'
}

/** The cached image for a URL and where it was, seen first. */
export async function lookupImage(
  url: string,
  config: ImageCacheConfig,
): Promise<{ kind: ImageCacheKind; response: Response } | null> {
  for (const kind of ['seen', 'prefetch'] as const) {
    const cache = await config.caches.open(config.names[kind])
    const response = await cache.match(url)
    if (response) return { kind, response }
  }
  return null
}

/**
 * Deletes the oldest entries beyond `limit`. Cache Storage keys() lists entries in insertion
 * order (a put of an existing key moves it to the end). Concurrent trims only ever delete the
 * oldest entries of their own snapshot, so they never take the cache below the limit.
 */
export async function trimCache(cache: ImageCache, limit: number): Promise<number> {
  const keys = await cache.keys()
  const excess = keys.slice(0, Math.max(0, keys.length - limit))
  await Promise.all(excess.map((key) => cache.delete(key)))
  return excess.length
}

async function putAndTrim(
  kind: ImageCacheKind,
  url: string,
  makeResponse: () => Response,
  config: ImageCacheConfig,
): Promise<void> {
  const cache = await config.caches.open(config.names[kind])
  await cache.put(url, makeResponse())
  await trimCache(cache, config.limits[kind])
}

/**
 * Puts an image into one cache, applying the quota rule above. `makeResponse` is called once
 * per attempt, since a failed put may have consumed the body.
 */
export async function storeImage(
  kind: ImageCacheKind,
  url: string,
  makeResponse: () => Response,
  config: ImageCacheConfig,
): Promise<StoreOutcome> {
  try {
    await putAndTrim(kind, url, makeResponse, config)
    return 'stored'
  } catch (error) {
    if (!isQuotaError(error)) return 'failed'
  }
  await config.caches.delete(config.names.prefetch)
  if (kind === 'prefetch') return 'purged'
  try {
    await putAndTrim(kind, url, makeResponse, config)
    return 'stored-after-purging-prefetch'
  } catch (error) {
    if (!isQuotaError(error)) return 'failed'
  }
  await config.caches.delete(config.names.seen)
  return 'purged'
}

/** Image caches of other worker versions, to delete on activate. */
export function outdatedImageCaches(names: readonly string[], family: string, current: readonly string[]): string[] {
  return names.filter((name) => name.startsWith(family) && !current.includes(name))
}

export async function cleanupImageCaches(
  caches: ImageCacheStorage,
  family: string,
  current: readonly string[],
): Promise<string[]> {
  const outdated = outdatedImageCaches(await caches.keys(), family, current)
  await Promise.all(outdated.map((name) => caches.delete(name)))
  return outdated
}
