import { MAX_PREFETCH_URLS, type PageToWorkerMessage } from '../../core/sw-messages.ts'

/** Above this share of the storage quota nothing more is stored ahead of need. */
const PREFETCH_MAX_STORAGE_SHARE = 0.9
/** requestIdleCallback's deadline, and the delay of the fallback where it does not exist (Safari). */
const PREFETCH_IDLE_TIMEOUT_MS = 2000
const FALLBACK_DELAY_MS = 300

/** What the decision looks at; every field may be unknown. */
export interface PrefetchEnvironment {
  /** navigator.connection.saveData */
  saveData?: boolean
  /** navigator.connection.effectiveType: 'slow-2g' | '2g' | '3g' | '4g' */
  effectiveType?: string
  /** navigator.storage.estimate() */
  storage?: { usage?: number; quota?: number }
  /** A service worker controls the page, so it can take PREFETCH_IMAGES. */
  hasController: boolean
}

export type PrefetchPlan =
  | { data: false; images: false; reason: 'save-data' | 'slow-network' | 'storage-full' }
  | { data: true; images: boolean }

/**
 * Whether to fetch a list's next page ahead of need: nothing on Save-Data,
 * on 2g, or when storage is over 90 % of its quota (the page would be stored too); the data
 * only when no worker controls the page (nobody to fetch the images into Cache Storage).
 */
export function prefetchPlan(env: PrefetchEnvironment): PrefetchPlan {
  if (env.saveData === true) return { data: false, images: false, reason: 'save-data' }
  if (env.effectiveType === '2g' || env.effectiveType === 'slow-2g') {
    return { data: false, images: false, reason: 'slow-network' }
  }
  const { usage, quota } = env.storage ?? {}
  if (
    typeof usage === 'number' &&
    typeof quota === 'number' &&
    quota > 0 &&
    usage > quota * PREFETCH_MAX_STORAGE_SHARE
  ) {
    return { data: false, images: false, reason: 'storage-full' }
  }
  return { data: true, images: env.hasController }
}

interface NetworkInformationLike {
  saveData?: boolean
  effectiveType?: string
}

type NavigatorLike = Pick<Navigator, 'storage'> & {
  connection?: NetworkInformationLike
  serviceWorker?: Pick<ServiceWorkerContainer, 'controller'>
}

/** Reads the environment from the browser; a failing storage estimate counts as unknown. */
export async function readPrefetchEnvironment(nav: NavigatorLike = navigator): Promise<PrefetchEnvironment> {
  const connection = nav.connection
  let storage: PrefetchEnvironment['storage']
  try {
    storage = typeof nav.storage?.estimate === 'function' ? await nav.storage.estimate() : undefined
  } catch {
    storage = undefined
  }
  return {
    ...(connection?.saveData === undefined ? {} : { saveData: connection.saveData }),
    ...(connection?.effectiveType === undefined ? {} : { effectiveType: connection.effectiveType }),
    ...(storage === undefined ? {} : { storage }),
    hasController: Boolean(nav.serviceWorker?.controller),
  }
}

export interface IdleScheduler {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number
  cancelIdleCallback?: (handle: number) => void
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: never) => void
}

/** Runs `task` when the browser is idle (requestIdleCallback, else a short timeout); returns a cancel. */
export function whenIdle(task: () => void, scheduler: IdleScheduler = globalThis as unknown as IdleScheduler) {
  if (typeof scheduler.requestIdleCallback === 'function') {
    const handle = scheduler.requestIdleCallback(task, { timeout: PREFETCH_IDLE_TIMEOUT_MS })
    return () => scheduler.cancelIdleCallback?.(handle)
  }
  const handle = scheduler.setTimeout(task, FALLBACK_DELAY_MS)
  return () => scheduler.clearTimeout(handle as never)
}

/**
 * Asks the controlling worker to fetch images into its prefetch cache. Returns whether a
 * message went out (none without a controller or without URLs). Duplicates are dropped and the
 * batch is cut to what the worker accepts.
 */
export function postPrefetchImages(
  urls: readonly string[],
  controller: Pick<ServiceWorker, 'postMessage'> | null | undefined,
): boolean {
  const unique = [...new Set(urls.filter((url) => url !== ''))].slice(0, MAX_PREFETCH_URLS)
  if (!controller || unique.length === 0) return false
  controller.postMessage({ type: 'PREFETCH_IMAGES', urls: unique } satisfies PageToWorkerMessage)
  return true
}
