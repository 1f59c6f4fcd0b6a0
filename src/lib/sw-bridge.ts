import { DomainType, domainUrl } from '../../core/contracts/domain.ts'
import type { AppConfig } from '../../core/contracts/config.ts'
import type { PageToWorkerMessage } from '../../core/sw-messages.ts'

/** While a tapped update waits for the new worker to take over, the page looks again (and asks again) this often. */
export const UPDATE_RECHECK_MS = 3000
/** A page left open checks for a new version when it becomes visible, at most this often. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

/** The part of workbox-window's Workbox the update flow uses. */
export interface UpdatableWorkbox {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void
  messageSkipWaiting(): void
  update(): Promise<unknown>
}

export interface UpdateDeps {
  reload(): void
  setTimeout(callback: () => void, ms: number): unknown
  /** The worker controlling the page now: navigator.serviceWorker.controller. */
  controller(): unknown
  /** Whether a new worker still waits to take over: registration.waiting. */
  workerWaiting(): boolean
  recheckMs?: number
}

/**
 * Workbox's "Offer a page reload for users": when a new worker is waiting, offer `apply`;
 * applying asks the waiting worker to skip waiting (messageSkipWaiting, which targets the
 * waiting worker, not the active one) and reloads once the new worker controls the page, so
 * the reload is answered by the new worker: the new index.html.
 *
 * Taking over can take a while: the browser activates the new worker only once the old one has
 * finished the requests it is handling (the spec's Activate waits for them), such as a cover
 * still loading on a slow network. A reload before that is answered by the old worker with the
 * old index.html: the user stays on the old version, and that page is then handed to the new
 * worker mid-load, whose precache no longer has the old build's chunks. So the page never
 * reloads while the new worker still waits. Every `recheckMs` it looks again: it reloads if
 * control changed without a `controlling` event (a browser quirk) or if no worker waits any
 * more (nothing newer to miss), and otherwise asks again (a newer worker may have replaced the
 * one asked). The page reloads only once.
 */
export function offerUpdates(wb: UpdatableWorkbox, onUpdateReady: (apply: () => void) => void, deps: UpdateDeps) {
  wb.addEventListener('waiting', () => {
    let applied = false
    onUpdateReady(() => {
      if (applied) return
      applied = true
      const controllerAtTap = deps.controller()
      let reloaded = false
      const reloadOnce = () => {
        if (reloaded) return
        reloaded = true
        deps.reload()
      }
      const recheck = () => {
        if (reloaded) return
        if (deps.controller() !== controllerAtTap || !deps.workerWaiting()) {
          reloadOnce()
          return
        }
        wb.messageSkipWaiting()
        deps.setTimeout(recheck, deps.recheckMs ?? UPDATE_RECHECK_MS)
      }
      wb.addEventListener('controlling', reloadOnce)
      wb.messageSkipWaiting()
      deps.setTimeout(recheck, deps.recheckMs ?? UPDATE_RECHECK_MS)
    })
  })
}

/**
 * An installed app may stay open for days; the browser only looks for a new worker on
 * navigations. Check again when the page becomes visible, at most once per interval.
 */
export function checkForUpdatesWhenVisible(
  wb: Pick<UpdatableWorkbox, 'update'>,
  page: Pick<Document, 'visibilityState' | 'addEventListener'>,
  now: () => number,
  intervalMs = UPDATE_CHECK_INTERVAL_MS,
): void {
  let lastCheck = now()
  page.addEventListener('visibilitychange', () => {
    if (page.visibilityState !== 'visible' || now() - lastCheck < intervalMs) return
    lastCheck = now()
    wb.update().catch(() => {
      // Offline or the server is down: the next visible page tries again.
    })
  })
}

/** A first visit registers its worker once no resource has finished loading for this long… */
const FIRST_INSTALL_QUIET_MS = 2000
/** …or this long after the page's load event, whichever comes first. */
const FIRST_INSTALL_MAX_WAIT_MS = 15_000

export interface QuietDeps {
  /** Calls back whenever a resource finishes loading (a PerformanceObserver); returns a stop. */
  observeResources(onResource: () => void): () => void
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/**
 * Resolves once the page's network has been quiet for `quietMs` (no resource finished in that
 * time), or after `maxMs`. A first install precaches the whole app (~400 KB): started at the
 * load event, which comes before the session, home's data and the covers, it took the 6
 * connections HTTP/1.1 allows per host and the bandwidth of a slow network from the first
 * screen's images (docs/first-visit.md).
 */
export function whenNetworkQuiet(quietMs: number, maxMs: number, deps: QuietDeps): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer: unknown
    const done = () => {
      stop()
      deps.clearTimeout(quietTimer)
      deps.clearTimeout(maxTimer)
      resolve()
    }
    const restartQuiet = () => {
      deps.clearTimeout(quietTimer)
      quietTimer = deps.setTimeout(done, quietMs)
    }
    const maxTimer = deps.setTimeout(done, maxMs)
    const stop = deps.observeResources(restartQuiet)
    restartQuiet()
  })
}

function pageQuietDeps(): QuietDeps {
  return {
    observeResources(onResource) {
      if (typeof PerformanceObserver === 'undefined') return () => {}
      const observer = new PerformanceObserver(onResource)
      observer.observe({ type: 'resource' })
      return () => observer.disconnect()
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
  }
}

/**
 * Registers the service worker after the page has loaded (a first visit: once its network is
 * quiet, whenNetworkQuiet). The worker never skips waiting by itself (sw/sw.ts): a new version
 * waits for the user's tap on the prompt.
 *
 * workbox-window runs the update flow, loaded lazily and only when there is something to
 * update: at once under a worker, but on a first visit (nothing to update from) only once a
 * newer worker has installed, so it stays out of the first visit's JavaScript. Workbox then
 * finds that worker waiting and reports it (`wasWaitingBeforeRegister`).
 */
export function registerServiceWorkerLater(onUpdateReady: (applyUpdate: () => void) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const startWorkbox = () =>
    import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('/sw.js', { scope: '/' })
        let registration: ServiceWorkerRegistration | undefined
        offerUpdates(wb, onUpdateReady, {
          reload: () => location.reload(),
          setTimeout: (callback, ms) => setTimeout(callback, ms),
          controller: () => navigator.serviceWorker.controller,
          // Known once register() settles, long before a tap's first recheck; until then keep waiting.
          workerWaiting: () => (registration ? registration.waiting !== null : true),
        })
        return wb.register().then((registered) => (registration = registered))
      })
      .catch(() => {
        // No worker (private mode, unsupported): the app works online without it.
      })
  const start = async () => {
    try {
      const controlled = navigator.serviceWorker.controller !== null
      if (!controlled) await whenNetworkQuiet(FIRST_INSTALL_QUIET_MS, FIRST_INSTALL_MAX_WAIT_MS, pageQuietDeps())
      const registration = controlled ? await startWorkbox() : await navigator.serviceWorker.register('/sw.js')
      if (!registration) return
      checkForUpdatesWhenVisible(registration, document, () => Date.now())
      if (controlled) return
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing
        // The first install (no controller yet) is no update; a later one is.
        if (!installing || !navigator.serviceWorker.controller) return
        const handleState = () => {
          if (installing.state !== 'installed') return
          installing.removeEventListener('statechange', handleState)
          void startWorkbox()
        }
        installing.addEventListener('statechange', handleState)
      })
    } catch {
      // No worker (private mode, unsupported): the app works online without it.
    }
  }
  if (document.readyState === 'complete') setTimeout(() => void start(), 0)
  else addEventListener('load', () => setTimeout(() => void start(), 0), { once: true })
}

/** Whether a service worker controls this page now, so image requests go through its image route. */
export function hasControllingWorker(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null
}

/**
 * Tells the worker where scrambled images live (the config's IMAGE domain). Returns
 * whether a message went out: nothing is sent before the config is known or when it names no
 * image domain.
 */
export function postImageOrigins(
  config: Pick<AppConfig, 'domain'> | null,
  post: (message: PageToWorkerMessage) => void,
): boolean {
  const imageUrl = config ? domainUrl(config, DomainType.Image) : undefined
  if (!imageUrl) return false
  post({ type: 'IMAGE_ORIGINS', origins: [imageUrl] })
  return true
}

export interface ImageOriginSyncDeps {
  /** navigator.serviceWorker, or undefined where there is none. */
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'> | undefined
  getConfig(): Pick<AppConfig, 'domain'> | null
  /** Calls the listener after every config change (stored config on start, each ping/config refresh). */
  subscribe(listener: () => void): void
}

/**
 * Keeps the controlling worker's image origins current: on start when a worker already
 * controls the page, after each config change, and whenever a (new) worker takes control.
 */
export function syncImageOrigins({ container, getConfig, subscribe }: ImageOriginSyncDeps): void {
  if (!container) return
  const send = () => {
    const controller = container.controller
    if (controller) postImageOrigins(getConfig(), (message) => controller.postMessage(message))
  }
  send()
  subscribe(send)
  container.addEventListener('controllerchange', send)
}
