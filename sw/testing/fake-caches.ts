import type { ImageCache, ImageCacheStorage } from '../images/image-cache.ts'

/**
 * An in-memory Cache Storage for worker tests, close to the real one where the image route
 * depends on it: keys() in insertion order, a put of an existing key moves it to the end,
 * bodies are stored as bytes (each match() is a fresh Response), and an optional byte quota
 * over all caches makes put() reject with a QuotaExceededError DOMException.
 */
interface Entry {
  bytes: Uint8Array<ArrayBuffer>
  status: number
  headers: [string, string][]
}

export class FakeCache implements ImageCache {
  readonly entries = new Map<string, Entry>()
  constructor(private readonly storage: FakeCacheStorage) {}

  async match(key: string): Promise<Response | undefined> {
    const entry = this.entries.get(new URL(key).href)
    return entry && new Response(entry.bytes.slice(), { status: entry.status, headers: entry.headers })
  }

  async put(key: string, response: Response): Promise<void> {
    const bytes = new Uint8Array(await response.arrayBuffer())
    const href = new URL(key).href
    const previous = this.entries.get(href)?.bytes.length ?? 0
    if (this.storage.used() - previous + bytes.length > this.storage.quota) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    this.entries.delete(href)
    const headers: [string, string][] = []
    response.headers.forEach((value, name) => headers.push([name, value]))
    this.entries.set(href, { bytes, status: response.status, headers })
  }

  async delete(key: string | Request): Promise<boolean> {
    return this.entries.delete(new URL(typeof key === 'string' ? key : key.url).href)
  }

  async keys(): Promise<readonly Request[]> {
    return [...this.entries.keys()].map((href) => new Request(href))
  }

  urls(): string[] {
    return [...this.entries.keys()]
  }

  bytes(): number {
    let total = 0
    for (const entry of this.entries.values()) total += entry.bytes.length
    return total
  }
}

export class FakeCacheStorage implements ImageCacheStorage {
  readonly caches = new Map<string, FakeCache>()
  /** Bytes allowed over all caches. */
  quota = Number.POSITIVE_INFINITY
  readonly deleted: string[] = []

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name)
    if (!cache) {
      cache = new FakeCache(this)
      this.caches.set(name, cache)
    }
    return cache
  }

  async delete(name: string): Promise<boolean> {
    this.deleted.push(name)
    return this.caches.delete(name)
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()]
  }

  /** The cache's URLs, or [] when it does not exist (without creating it). */
  urls(name: string): string[] {
    return this.caches.get(name)?.urls() ?? []
  }

  used(): number {
    let total = 0
    for (const cache of this.caches.values()) total += cache.bytes()
    return total
  }
}
