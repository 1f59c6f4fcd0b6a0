/// <reference lib="webworker" />
import { clientsClaim, setCacheNameDetails } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import type { WorkerToPageMessage } from '../core/sw-messages.ts'
import {
  CACHE_PREFIX,
  IMAGE_CACHE_CONTROL,
  IMAGE_CACHE_FAMILY,
  IMAGE_CACHE_PREFETCH,
  IMAGE_CACHE_PREFETCH_MAX,
  IMAGE_CACHE_SEEN,
  IMAGE_CACHE_SEEN_MAX,
  IMAGE_FETCH_TIMEOUT_MS,
  IMAGE_ORIGINS_KEY,
  NAVIGATION_DENYLIST,
  PREFETCH_CONCURRENCY,
  STATE_CACHE,
  SW_VERSION,
} from './config.ts'
import { IMAGE_KEYS } from '../core/images/build-keys.ts'
import { handleImageRequest, prefetchImages, type ImageFetchDeps } from './images/handler.ts'
import { cleanupImageCaches, type ImageCacheConfig } from './images/image-cache.ts'
import { createImageOriginStore } from './images/origins.ts'
import { isImageRequest, mayBeImageRequest } from './images/route.ts'
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

// Images of the image origins (docs/protocol.md, "Images"). Registered after the precache route, so precached
// icons are still answered from the precache.
const origins = createImageOriginStore({
  caches: self.caches,
  cacheName: STATE_CACHE,
  key: IMAGE_ORIGINS_KEY,
  base: self.location.origin,
})
const imageCaches: ImageCacheConfig = {
  caches: self.caches,
  names: { seen: IMAGE_CACHE_SEEN, prefetch: IMAGE_CACHE_PREFETCH },
  limits: { seen: IMAGE_CACHE_SEEN_MAX, prefetch: IMAGE_CACHE_PREFETCH_MAX },
}
const imageFetch: ImageFetchDeps = {
  // Arrows, not the bare globals: fetch and setTimeout throw "Illegal invocation" when called as another object's method.
  fetch: (input, init) => fetch(input, init),
  keys: IMAGE_KEYS,
  timers: {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
  },
  timeoutMs: IMAGE_FETCH_TIMEOUT_MS,
  cacheControl: IMAGE_CACHE_CONTROL,
}
registerRoute(
  ({ request }) => (origins.loaded() ? isImageRequest(request, origins.list()) : mayBeImageRequest(request)),
  ({ request, event }) =>
    handleImageRequest(request, {
      ...imageFetch,
      ...imageCaches,
      origins,
      waitUntil: (promise) => event.waitUntil(promise),
    }),
)

// The first worker takes the open page at once, so a reload right after the first visit
// already works offline. Updates wait for the user's tap (SKIP_WAITING).
clientsClaim()

// cleanupOutdatedCaches() only knows precaches; the image caches of other versions go here.
self.addEventListener('activate', (event) => {
  event.waitUntil(cleanupImageCaches(self.caches, IMAGE_CACHE_FAMILY, [IMAGE_CACHE_SEEN, IMAGE_CACHE_PREFETCH]))
})

self.addEventListener('message', (event) => {
  event.waitUntil(
    handleMessage(event.data, {
      version: SW_VERSION,
      skipWaiting: () => self.skipWaiting(),
      reply: (message: WorkerToPageMessage) => event.source?.postMessage(message),
      setImageOrigins: (list) => origins.set(list),
      prefetchImages: (urls) =>
        prefetchImages(urls, { ...imageFetch, ...imageCaches, origins, concurrency: PREFETCH_CONCURRENCY }),
    }),
  )
})
