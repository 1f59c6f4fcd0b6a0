import type { ImageCacheStorage } from './image-cache.ts'
import { normalizeImageOrigins } from './route.ts'

/**
 * The image origins the page told the worker about (IMAGE_ORIGINS), in memory for the
 * synchronous route match and in one Cache Storage entry so a restarted worker, which
 * the browser starts for a fetch before any page has spoken, still knows them.
 */
export interface ImageOriginStore {
  /** Normalised prefixes; empty until loaded or set. */
  list(): readonly string[]
  /** Whether the stored list has been read (or a newer one set). */
  loaded(): boolean
  /** Settles when the stored list has been read; never rejects. */
  ready: Promise<void>
  /** Replaces the list (normalised against `base`) and persists it; returns the new list. */
  set(origins: readonly string[]): Promise<readonly string[]>
}

export interface ImageOriginStoreDeps {
  caches: ImageCacheStorage
  /** The cache and key holding the entry (sw/config.ts STATE_CACHE, IMAGE_ORIGINS_KEY). */
  cacheName: string
  key: string
  /** Resolves relative origins: the worker's own origin. */
  base: string
}

interface StoredOrigins {
  origins: string[]
}

function isStoredOrigins(value: unknown): value is StoredOrigins {
  if (typeof value !== 'object' || value === null) return false
  const origins = (value as { origins?: unknown }).origins
  return Array.isArray(origins) && origins.every((item) => typeof item === 'string')
}

export function createImageOriginStore(deps: ImageOriginStoreDeps): ImageOriginStore {
  let origins: readonly string[] = []
  let isLoaded = false
  // A set() before the read finishes wins over the (older) stored list.
  let setCalled = false

  const read = async () => {
    try {
      const cache = await deps.caches.open(deps.cacheName)
      const response = await cache.match(deps.key)
      const stored: unknown = response ? await response.json() : null
      if (!setCalled && isStoredOrigins(stored)) origins = normalizeImageOrigins(stored.origins, deps.base)
    } catch {
      // Unreadable or unparsable: start empty; the page sends the list again once it has its config.
    } finally {
      isLoaded = true
    }
  }
  const ready = read()

  return {
    list: () => origins,
    loaded: () => isLoaded,
    ready,
    async set(raw) {
      setCalled = true
      const next = normalizeImageOrigins(raw, deps.base)
      const same = next.length === origins.length && next.every((value, i) => value === origins[i])
      origins = next
      isLoaded = true
      if (!same) {
        try {
          const cache = await deps.caches.open(deps.cacheName)
          const body: StoredOrigins = { origins: next }
          await cache.put(
            deps.key,
            new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
          )
        } catch {
          // Not persisted (quota, storage off): the in-memory list still serves this worker's life.
        }
      }
      return next
    },
  }
}
