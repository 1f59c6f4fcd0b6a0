import localforage from 'localforage'
import { IMAGE_CACHE_FAMILY } from '../../../core/sw-caches.ts'

export interface StorageUsage {
  usage: number
  quota: number
}

/** navigator.storage.estimate(), or null where the browser has none or refuses. */
export async function estimateStorage(
  storage: Pick<StorageManager, 'estimate'> | undefined = navigator.storage,
): Promise<StorageUsage | null> {
  if (!storage || typeof storage.estimate !== 'function') return null
  try {
    const { usage, quota } = await storage.estimate()
    if (typeof usage !== 'number' || typeof quota !== 'number') return null
    return { usage, quota }
  } catch {
    return null
  }
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** 0 B, 512 B, 1.5 KB, 12.3 MB, 2 GB: binary multiples, one decimal, a trailing .0 dropped. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes)
  let unit = 0
  const round = () => (unit === 0 ? Math.round(value) : Math.round(value * 10) / 10)
  // Compare the rounded figure, so 1023.96 KB reads 1 MB rather than 1024 KB.
  while (round() >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return `${round()} ${UNITS[unit]}`
}

export interface ClearImageDeps {
  /** Cache Storage (window.caches); undefined on insecure origins and old browsers. */
  caches: Pick<CacheStorage, 'keys' | 'delete'> | undefined
  /** The page's fallback store of descrambled images (src/lib/image-fallback.ts). */
  fallbackStore: { clear(): Promise<void> }
}

/**
 * Empties the image caches: the worker's seen and prefetch caches of every version, and the
 * fallback's IndexedDB store. The precache (the app shell), the worker's own state and the
 * session are other stores and stay. Returns the Cache Storage names deleted.
 */
export async function clearImageCaches({ caches, fallbackStore }: ClearImageDeps): Promise<string[]> {
  const names = caches ? (await caches.keys()).filter((name) => name.startsWith(IMAGE_CACHE_FAMILY)) : []
  await Promise.all([...names.map((name) => caches!.delete(name)), fallbackStore.clear()])
  return names
}

/** The same database and store the fallback writes (imageDatabase / imgList, version 1). */
export function pageClearImageDeps(): ClearImageDeps {
  return {
    caches: typeof caches === 'undefined' ? undefined : caches,
    fallbackStore: localforage.createInstance({
      name: 'imageDatabase',
      storeName: 'imgList',
      version: 1,
      driver: localforage.INDEXEDDB,
    }),
  }
}
