import { DomainType, domainUrl } from '../../core/contracts/domain.ts'
import type { AppConfig } from '../../core/contracts/config.ts'
import type { PageToWorkerMessage } from '../../core/sw-messages.ts'

/**
 * Registers the service worker after the page has loaded, with workbox-window loaded
 * lazily so it stays out of the first paint's JavaScript.
 */
export function registerServiceWorkerLater(onUpdateReady: (applyUpdate: () => void) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const start = () => {
    void import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('/sw.js', { scope: '/' })
        wb.addEventListener('waiting', () => {
          onUpdateReady(() => {
            wb.addEventListener('controlling', () => location.reload())
            wb.messageSkipWaiting()
          })
        })
        return wb.register()
      })
      .catch(() => {
        // No worker (private mode, unsupported): the app works online without it.
      })
  }
  if (document.readyState === 'complete') setTimeout(start, 0)
  else addEventListener('load', () => setTimeout(start, 0), { once: true })
}

/** Whether a service worker controls this page now, so image requests go through its image route. */
export function hasControllingWorker(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null
}

/**
 * Tells the worker where scrambled images live (SPEC §3: the config's IMAGE domain). Returns
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
