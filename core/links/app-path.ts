/** The fallback page for links and content that name no page of the app. */
export const NOT_FOUND_PATH = '/notFound'

type QueryValue = string | number | null | undefined

/** `path?key=value&…` with the values URI-encoded; empty and missing values are left out. */
export function appPath(path: string, query: Record<string, QueryValue> = {}): string {
  const pairs: string[] = []
  for (const [key, value] of Object.entries(query)) {
    const text = value == null ? '' : String(value).trim()
    if (text !== '') pairs.push(`${key}=${encodeURIComponent(text)}`)
  }
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`
}

/** An id that can go into `?id=`: a non-empty string or a finite number. */
export function hasId(id: QueryValue): id is string | number {
  return typeof id === 'number' ? Number.isFinite(id) : typeof id === 'string' && id.trim() !== ''
}

/**
 * Paths of permanently out-of-scope areas (the dating listings). The app has no
 * such routes; a link that names one is sent to /notFound rather than passed along.
 */
export function isOutOfScopePath(path: string): boolean {
  return /^\/+dating(?:[/?#]|$)/i.test(path)
}
