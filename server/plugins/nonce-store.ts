/**
 * Remembers nonces for the replay check (SPEC §2). In memory by default; several server
 * processes behind a load balancer need a shared store (Redis `SET nonce 1 NX EX ttl`)
 * behind the same interface.
 */
export interface NonceStore {
  /** True when the nonce was new (and is now remembered for ttlSeconds); false on a replay. */
  remember(nonce: string, ttlSeconds: number): Promise<boolean>
  /**
   * The same answer without a promise, for stores that can give it at once (in process): the
   * protocol check then finishes in the same tick. Throws NonceStoreFullError.
   */
  rememberNow?(nonce: string, ttlSeconds: number): boolean
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
 * so expiry is a sweep from the front that stops at the first live entry. The oldest expiry
 * is kept aside, so the sweep (an iterator) only runs when something has expired.
 */
export function createMemoryNonceStore(
  options: MemoryNonceStoreOptions,
): NonceStore & Required<Pick<NonceStore, 'rememberNow'>> & { size(): number } {
  const maxEntries = options.maxEntries ?? 1_000_000
  const expiries = new Map<string, number>()
  let oldestExpiry = Infinity
  const sweep = (now: number) => {
    oldestExpiry = Infinity
    for (const [nonce, expiresAt] of expiries) {
      if (expiresAt > now) {
        oldestExpiry = expiresAt
        break
      }
      expiries.delete(nonce)
    }
  }
  function rememberNow(nonce: string, ttlSeconds: number): boolean {
    const now = options.now()
    if (oldestExpiry <= now) sweep(now)
    const expiresAt = expiries.get(nonce)
    if (expiresAt !== undefined && expiresAt > now) return false
    if (expiries.size >= maxEntries) throw new NonceStoreFullError('nonce store is full')
    const expiry = now + ttlSeconds * 1000
    // A nonce seen before and expired moves to the back, keeping the Map in expiry order.
    if (expiresAt !== undefined) expiries.delete(nonce)
    expiries.set(nonce, expiry)
    if (expiry < oldestExpiry) oldestExpiry = expiry
    return true
  }
  return {
    rememberNow,
    remember(nonce, ttlSeconds) {
      try {
        return Promise.resolve(rememberNow(nonce, ttlSeconds))
      } catch (error) {
        return Promise.reject(error as Error)
      }
    },
    size: () => expiries.size,
  }
}
