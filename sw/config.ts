import { CACHE_PREFIX, IMAGE_CACHE_FAMILY } from '../core/sw-caches.ts'

export { CACHE_PREFIX, IMAGE_CACHE_FAMILY }

/**
 * Bump when the worker's cache layout changes: cache names carry it, so a new worker
 * never reads an old layout (old precaches are removed by cleanupOutdatedCaches).
 */
export const SW_VERSION = 'v1'

/**
 * Navigations that must reach the network, never the app shell: the API, the server's own
 * development pages (/sandbox/sms) and anything that looks like a file (sw.js, icons, the manifest).
 */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [/^\/api(\/|$)/, /^\/sandbox(\/|$)/, /\/[^/?]+\.[a-z0-9]+$/i]

/** Whether a navigation to this path is answered with the precached index.html. */
export function servesShell(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname))
}

/**
 * Images. Seen and prefetched images live in separate caches because a
 * quota purge deletes a whole cache: the prefetch cache, cheaper to lose, goes first.
 * Both carry SW_VERSION; cleanupImageCaches() removes other versions' on activate.
 */
export const IMAGE_CACHE_SEEN = `${IMAGE_CACHE_FAMILY}seen-${SW_VERSION}`
export const IMAGE_CACHE_PREFETCH = `${IMAGE_CACHE_FAMILY}prefetch-${SW_VERSION}`
/** Entries kept per cache; the oldest (first inserted) go first. */
export const IMAGE_CACHE_SEEN_MAX = 500
export const IMAGE_CACHE_PREFETCH_MAX = 300
/** One image fetch (headers and body) may take this long: a slow link still gets its images. */
export const IMAGE_FETCH_TIMEOUT_MS = 100_000
/** Prefetches of one batch in flight at once, so they do not crowd out what the user is looking at. */
export const PREFETCH_CONCURRENCY = 3
/** What the worker's own image responses say; the bytes behind a URL never change. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * The worker's own small state (the image origins), deliberately unversioned: a new worker
 * keeps knowing the image origins after an update, before the page has told it again. The
 * entry is validated when read, so a layout change cannot break a newer worker.
 */
export const STATE_CACHE = `${CACHE_PREFIX}-sw-state`
/** Cache Storage keys must be http(s) URLs; this one never reaches the network. */
export const IMAGE_ORIGINS_KEY = 'https://marquee-sw-state.invalid/image-origins'
