/**
 * Remembers nonces for the replay check (SPEC §2). In memory by default; several server
 * processes behind a load balancer need a shared store (Redis `SET nonce 1 NX EX ttl`)
 * behind the same interface.
 */
export interface NonceStore {
  /** True when the nonce was new (and is now remembered for ttlSeconds); false on a replay. */
  remember(nonce: string, ttlSeconds: number): Promise<boolean>
}

export class NonceStoreFullError extends Error {
  override name = 'NonceStoreFullError'
}

export interface MemoryNonceStoreOptions {
  /** Milliseconds, like Date.now. */
  now: () => number
  /** Refuses new nonces (answered 4290) rather than forgetting live ones. */
  maxEntries?: number
}

/**
 * A Map in insertion order: with one TTL for every nonce, the oldest entries expire first,
 * so expiry is a sweep from the front that stops at the first live entry.
 */
export function createMemoryNonceStore(options: MemoryNonceStoreOptions): NonceStore & { size(): number } {
  const maxEntries = options.maxEntries ?? 1_000_000
  const expiries = new Map<string, number>()
  const sweep = (now: number) => {
    for (const [nonce, expiresAt] of expiries) {
      if (expiresAt > now) break
      expiries.delete(nonce)
    }
  }
  return {
    remember(nonce, ttlSeconds) {
      const now = options.now()
      sweep(now)
      const expiresAt = expiries.get(nonce)
      if (expiresAt !== undefined && expiresAt > now) return Promise.resolve(false)
      if (expiries.size >= maxEntries) return Promise.reject(new NonceStoreFullError('nonce store is full'))
      expiries.set(nonce, now + ttlSeconds * 1000)
      return Promise.resolve(true)
    },
    size: () => expiries.size,
  }
}
