/**
 * Every message between the page and the service worker, one discriminated union each
 * way, checked on both ends so neither trusts what the other sent.
 */
export type PageToWorkerMessage =
  /** Activate the waiting worker; the page reloads when it takes control. Workbox-window sends this shape. */
  | { type: 'SKIP_WAITING' }
  | { type: 'GET_VERSION' }
  /**
   * Where scrambled images live: the config's IMAGE domain, absolute URLs or URL
   * prefixes. Replaces the worker's list; the worker keeps it across restarts.
   */
  | { type: 'IMAGE_ORIGINS'; origins: string[] }
  /** Image URLs of a list's next page to fetch into the prefetch cache; foreign URLs are ignored. */
  | { type: 'PREFETCH_IMAGES'; urls: string[] }

export type WorkerToPageMessage =
  | { type: 'VERSION'; version: string }
  /** Sent to the asking page when a PREFETCH_IMAGES batch has finished. */
  | { type: 'PREFETCH_DONE'; stored: number; skipped: number; failed: number }

/** Bounds that keep a malformed or hostile message from making the worker do unbounded work. */
export const MAX_IMAGE_ORIGINS = 16
export const MAX_PREFETCH_URLS = 200
export const MAX_MESSAGE_URL_LENGTH = 2048

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isUrlList(value: unknown, max: number): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= max &&
    value.every((item) => typeof item === 'string' && item.length > 0 && item.length <= MAX_MESSAGE_URL_LENGTH)
  )
}

const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0

export function isPageToWorkerMessage(value: unknown): value is PageToWorkerMessage {
  if (!isObject(value)) return false
  switch (value.type) {
    case 'SKIP_WAITING':
    case 'GET_VERSION':
      return true
    case 'IMAGE_ORIGINS':
      return isUrlList(value.origins, MAX_IMAGE_ORIGINS)
    case 'PREFETCH_IMAGES':
      return isUrlList(value.urls, MAX_PREFETCH_URLS)
    default:
      return false
  }
}

export function isWorkerToPageMessage(value: unknown): value is WorkerToPageMessage {
  if (!isObject(value)) return false
  switch (value.type) {
    case 'VERSION':
      return typeof value.version === 'string'
    case 'PREFETCH_DONE':
      return isCount(value.stored) && isCount(value.skipped) && isCount(value.failed)
    default:
      return false
  }
}
