/**
 * Which requests the image route takes. Everything here is pure so the rules are table-tested.
 * Never taken: non-GET, navigations, Range requests, the API, and media —
 * HLS playlists, segments and keys, video/audio/track destinations — which must never reach
 * Cache Storage.
 */

/** The parts of a Request the route looks at (a plain object in tests: Node cannot make navigate requests). */
export interface RequestLike {
  readonly method: string
  readonly url: string
  readonly mode: string
  readonly destination: string
  readonly headers: { has(name: string): boolean }
}

const MEDIA_DESTINATIONS = new Set(['video', 'audio', 'track'])
const MEDIA_PATH = /\.(?:m3u8|ts|m4s)$|\/hls\//i
const API_PATH = /^\/api(?:\/|$)/

/**
 * An origin or URL prefix from the config ("https://img.example.com", "http://host:8080/img")
 * as a prefix that ends at a path boundary ("…/img/" never matches "…/imgx"), or null when it is
 * not an http(s) URL. Relative values resolve against `base` (the worker's origin).
 */
export function normalizeImageOrigin(raw: string, base: string): string | null {
  let url: URL
  try {
    url = new URL(raw.trim(), base)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
  return `${url.origin}${path}`
}

/** Normalised, deduplicated prefixes; invalid entries are dropped. */
export function normalizeImageOrigins(raw: readonly string[], base: string): string[] {
  const out: string[] = []
  for (const value of raw) {
    const prefix = normalizeImageOrigin(value, base)
    if (prefix !== null && !out.includes(prefix)) out.push(prefix)
  }
  return out
}

/** Whether a URL is an image under one of the (normalised) prefixes and not API or media. */
export function isImageUrl(href: string, origins: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (API_PATH.test(url.pathname) || MEDIA_PATH.test(url.pathname)) return false
  return origins.some((prefix) => url.href.startsWith(prefix))
}

/** The request-level exclusions that hold whatever the origins are. */
function isPlainGet(request: RequestLike): boolean {
  return (
    request.method === 'GET' &&
    request.mode !== 'navigate' &&
    !request.headers.has('range') &&
    !MEDIA_DESTINATIONS.has(request.destination)
  )
}

export function isImageRequest(request: RequestLike, origins: readonly string[]): boolean {
  return isPlainGet(request) && isImageUrl(request.url, origins)
}

/**
 * While a restarted worker is still reading its stored origins, an <img> load might be an image
 * of the image origin: the route takes it, waits for the origins, and passes it to the network
 * if it is not (which is what the browser would have done, as no other route wants it).
 */
export function mayBeImageRequest(request: RequestLike): boolean {
  if (!isPlainGet(request) || request.destination !== 'image') return false
  try {
    const url = new URL(request.url)
    return !API_PATH.test(url.pathname) && !MEDIA_PATH.test(url.pathname)
  } catch {
    return false
  }
}
