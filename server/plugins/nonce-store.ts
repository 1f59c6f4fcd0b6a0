import type { SharedRedis } from '../redis.ts'

/**
 * Remembers nonces for the replay check (docs/protocol.md, "Replays"). In memory by default; several server
 * processes behind a load balancer share one in Redis (createRedisNonceStore, REDIS_URL).
 */
export interface NonceStore {
  /** True when the nonce was new (and is now remembered for ttlSeconds); false on a replay. */
  remember(nonce: string, ttlSeconds: number): Promise<boolean>
  /**
   * The same answer without a promise, for stores that can give it at once (in process): the
   * protocol check then finishes in the same tick.
   */
  rememberNow?(nonce: string, ttlSeconds: number): boolean
  /** What this process asked the store since it began (for /metrics). */
  counts(): NonceCounts
}

export interface NonceCounts {
  /** Nonces that were new. */
  remembered: number
  /** Nonces refused as replays (4005). */
  replays: number
}

export interface MemoryNonceStoreOptions {
  /** Milliseconds, like Date.now. */
  now: () => number
  /**
   * When full, the oldest nonce is forgotten to make room. Refusing new ones instead let one
   * client that filled the store lock every user out; the per-client rate limits keep
   * a client from filling it, so only a flood from many addresses reaches this bound.
   */
  maxEntries?: number
  /** Told (at most once a minute) when nonces were forgotten early to make room. */
  onEvicted?: (count: number) => void
}

/** A hex digit's value, or -1 for anything else (protocol nonces are lowercase hex). */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  if (code >= 97 && code <= 102) return code - 87
  return -1
}

const byteCodes: number[] = new Array<number>(16).fill(0)

/**
 * The Map key of a nonce. A protocol nonce (32 lowercase hex characters) becomes its
 * 16 bytes as a 16-character string: half the size, and a fresh string — the parsed nonce is a
 * slice of the x-api-key header and would keep the whole header alive for the TTL. Decoded
 * here in one pass (no regular expression, no Buffer per request). Other keys (tests, other
 * callers) keep their text behind a character no byte string contains, so the two kinds never
 * meet.
 */
function nonceKey(nonce: string): string {
  if (nonce.length !== 32) return `\u0100${nonce}`
  for (let i = 0; i < 16; i++) {
    const high = hexDigit(nonce.charCodeAt(2 * i))
    const low = hexDigit(nonce.charCodeAt(2 * i + 1))
    if ((high | low) < 0) return `\u0100${nonce}`
    byteCodes[i] = (high << 4) | low
  }
  return String.fromCharCode.apply(null, byteCodes)
}

/**
 * A Map from nonce to expiry, and the same entries in arrival order: with one TTL for every
 * nonce the oldest expire first, so expiry is a sweep from the front of the arrivals that stops at
 * the first live entry. The oldest expiry is kept aside, so the sweep only runs when something
 * has expired. The arrivals are a list of their own because the Map's own order cannot be read
 * from the front cheaply: a fresh iterator first steps over every slot that deletes emptied since
 * the Map last rehashed, and when the store was full that walk ran on every request (an insert
 * took hundreds of µs at 200,000 nonces).
 *
 * It holds every nonce of the last ten minutes (millions under load), so each entry is kept
 * small: a compact key (nonceKey) and the expiry in whole seconds since the store began, a
 * small integer V8 stores inline, where milliseconds since 1970 would each be a heap number
 * (figures in bench/README.md).
 */
export function createMemoryNonceStore(
  options: MemoryNonceStoreOptions,
): NonceStore & Required<Pick<NonceStore, 'rememberNow'>> & { size(): number } {
  const counts: NonceCounts = { remembered: 0, replays: 0 }
  const maxEntries = Math.max(1, options.maxEntries ?? 1_000_000)
  const startSecond = Math.floor(options.now() / 1000)
  const expiries = new Map<string, number>()
  // Every entry stored, with the expiry it was stored with, oldest first from `head`.
  let arrivals: (string | undefined)[] = []
  let arrivalExpiries: number[] = []
  let head = 0
  /** Where the oldest entry still stored is in the arrivals (-1: none), past the stale ones. */
  const oldest = () => {
    // An arrival is stale once its nonce was stored again with a later expiry: expired but not
    // yet swept, as when the clock stepped back or TTLs differ. Sweeping it would forget the new one.
    while (head < arrivals.length && expiries.get(arrivals[head]!) !== arrivalExpiries[head])
      arrivals[head++] = undefined
    return head < arrivals.length ? head : -1
  }
  const removeOldest = (at: number) => {
    expiries.delete(arrivals[at]!)
    arrivals[at] = undefined
    head = at + 1
    // The arrivals before `head` are spent: drop them once they are half the list.
    if (head >= 1024 && head * 2 >= arrivals.length) {
      arrivals = arrivals.slice(head)
      arrivalExpiries = arrivalExpiries.slice(head)
      head = 0
    }
  }
  let oldestExpiry = Infinity
  const sweep = (now: number) => {
    let at = oldest()
    while (at !== -1 && arrivalExpiries[at]! <= now) {
      removeOldest(at)
      at = oldest()
    }
    oldestExpiry = at === -1 ? Infinity : arrivalExpiries[at]!
  }
  let evicted = 0
  let evictionReportedAt = -Infinity
  const evictOldest = (nowMs: number) => {
    removeOldest(oldest())
    const at = oldest()
    oldestExpiry = at === -1 ? Infinity : arrivalExpiries[at]!
    evicted++
    if (nowMs - evictionReportedAt >= 60_000) {
      options.onEvicted?.(evicted)
      evicted = 0
      evictionReportedAt = nowMs
    }
  }
  function rememberNow(nonce: string, ttlSeconds: number): boolean {
    // Seconds since the store began, rounded down for now and up for an expiry, so a nonce is
    // remembered for at least its TTL and less than a second more.
    const nowMs = options.now()
    const now = Math.floor(nowMs / 1000) - startSecond
    if (oldestExpiry <= now) sweep(now)
    const key = nonceKey(nonce)
    const expiresAt = expiries.get(key)
    if (expiresAt !== undefined && expiresAt > now) {
      counts.replays++
      return false
    }
    counts.remembered++
    if (expiries.size >= maxEntries) evictOldest(nowMs)
    const expiry = Math.ceil(nowMs / 1000) - startSecond + ttlSeconds
    // A nonce seen before and expired is stored again as a new arrival.
    expiries.set(key, expiry)
    arrivals.push(key)
    arrivalExpiries.push(expiry)
    if (expiry < oldestExpiry) oldestExpiry = expiry
    return true
  }
  return {
    rememberNow,
    remember(nonce, ttlSeconds) {
      return Promise.resolve(rememberNow(nonce, ttlSeconds))
    },
    size: () => expiries.size,
    counts: () => ({ ...counts }),
  }
}

/**
 * Nonces in the Redis every process shares: one `SET <prefix>nonce:<nonce> 1 NX EX ttl` per
 * request, atomic, so of two processes given the same nonce at once exactly one accepts it. Redis
 * expires the keys; they also outlive a restart of every process.
 */
export function createRedisNonceStore(redis: Pick<SharedRedis, 'client' | 'prefix'>): NonceStore {
  const counts: NonceCounts = { remembered: 0, replays: 0 }
  const keyPrefix = `${redis.prefix}nonce:`
  return {
    async remember(nonce, ttlSeconds) {
      const fresh = (await redis.client.set(keyPrefix + nonce, '1', 'EX', ttlSeconds, 'NX')) === 'OK'
      if (fresh) counts.remembered++
      else counts.replays++
      return fresh
    },
    counts: () => ({ ...counts }),
  }
}
