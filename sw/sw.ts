/// <reference lib="webworker" />
import { clientsClaim, setCacheNameDetails } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import type { WorkerToPageMessage } from '../core/sw-messages.ts'
import { CACHE_PREFIX, NAVIGATION_DENYLIST, SW_VERSION } from './config.ts'
import { handleMessage } from './messages.ts'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>
}

setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: SW_VERSION })

// The app shell: index.html, the hashed bundles, icons and the manifest (vite-plugin-pwa fills this in).
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every app path opens offline with the shell; the API and files never get index.html.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...NAVIGATION_DENYLIST] }))

// The first worker takes the open page at once, so a reload right after the first visit
// already works offline. Updates wait for the user's tap (SKIP_WAITING).
clientsClaim()

self.addEventListener('message', (event) => {
  event.waitUntil(
    handleMessage(event.data, {
      version: SW_VERSION,
      skipWaiting: () => self.skipWaiting(),
      reply: (message: WorkerToPageMessage) => event.source?.postMessage(message),
    }),
  )
})
