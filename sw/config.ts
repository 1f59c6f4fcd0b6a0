/**
 * Bump when the worker's cache layout changes: cache names carry it, so a new worker
 * never reads an old layout (old precaches are removed by cleanupOutdatedCaches).
 */
export const SW_VERSION = 'v1'
export const CACHE_PREFIX = 'marquee'

/**
 * Navigations that must reach the network, never the app shell: the API (STYLE.md) and
 * anything that looks like a file (sw.js, icons, the manifest).
 */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [/^\/api(\/|$)/, /\/[^/?]+\.[a-z0-9]+$/i]

/** Whether a navigation to this path is answered with the precached index.html. */
export function servesShell(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname))
}
