/**
 * Every message between the page and the service worker, one discriminated union each
 * way, checked on both ends (STYLE.md). Later issues add image prefetching here.
 */
export type PageToWorkerMessage =
  /** Activate the waiting worker; the page reloads when it takes control. Workbox-window sends this shape. */
  { type: 'SKIP_WAITING' } | { type: 'GET_VERSION' }

export type WorkerToPageMessage = { type: 'VERSION'; version: string }

export function isPageToWorkerMessage(value: unknown): value is PageToWorkerMessage {
  if (typeof value !== 'object' || value === null) return false
  const type = (value as { type?: unknown }).type
  return type === 'SKIP_WAITING' || type === 'GET_VERSION'
}

export function isWorkerToPageMessage(value: unknown): value is WorkerToPageMessage {
  if (typeof value !== 'object' || value === null) return false
  const message = value as { type?: unknown; version?: unknown }
  return message.type === 'VERSION' && typeof message.version === 'string'
}
