/** Values cached() has handed out, with their JSON text once it was asked for. */
const jsonTexts = new WeakMap<object, string | null>()

/**
 * One value per TTL; concurrent misses share one load; a failed load is not kept. Once loaded
 * the value itself is returned, not a promise of it, so a call can answer in the same tick.
 * The value goes to every caller for the whole TTL, so it is frozen (deeply): nobody can change
 * it under another caller, and its JSON text can be made once (jsonText) instead of per answer.
 * A load takes no caller, so the value is public by construction: an answer that is exactly this
 * value is sealed once per fill and the same bytes go to everyone (createResultSender). A refill
 * makes a new value, so a new seal.
 */
export function cached<T>(now: () => number, ttlMs: number, load: () => Promise<T>): () => T | Promise<T> {
  let value: Promise<T> | null = null
  let loaded: { value: T } | null = null
  let expiresAt = 0
  return () => {
    const time = now()
    if (time < expiresAt) {
      if (loaded) return loaded.value
      if (value) return value
    }
    expiresAt = time + ttlMs
    loaded = null
    const loading = load().then(shared)
    value = loading
    loading.then(
      (result) => {
        if (value === loading) loaded = { value: result }
      },
      () => {
        if (value === loading) value = null
      },
    )
    return loading
  }
}

/**
 * cached() for many values told apart by a key (e.g. one page of a list per filter and cursor):
 * each key's value lives one TTL; concurrent misses of a key share one load; a failed load is
 * not kept. At most `maxKeys` values are held: a miss first drops the expired ones and, when
 * still full, the oldest, so keys chosen by callers cannot grow memory without bound. Values are
 * frozen like cached()'s, but not answers themselves (no jsonText): callers build on them.
 */
export function cachedByKey<T>(
  now: () => number,
  ttlMs: number,
  maxKeys: number,
): (key: string, load: () => Promise<T>) => T | Promise<T> {
  // Insertion order is expiry order (one TTL for all, a renewed key is inserted again).
  const entries = new Map<string, { expiresAt: number; loading: Promise<T>; loaded: { value: T } | null }>()
  return (key, load) => {
    const time = now()
    const entry = entries.get(key)
    if (entry && time < entry.expiresAt) return entry.loaded ? entry.loaded.value : entry.loading
    entries.delete(key)
    for (const [oldKey, old] of entries) {
      if (old.expiresAt > time && entries.size < maxKeys) break
      entries.delete(oldKey)
    }
    const loading = load().then((value) => {
      if (typeof value === 'object' && value !== null) deepFreeze(value)
      return value
    })
    const fresh = { expiresAt: time + ttlMs, loading, loaded: null as { value: T } | null }
    entries.set(key, fresh)
    loading.then(
      (value) => {
        fresh.loaded = { value }
      },
      () => {
        if (entries.get(key) === fresh) entries.delete(key)
      },
    )
    return loading
  }
}

function shared<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    deepFreeze(value)
    jsonTexts.set(value, null)
  }
  return value
}

function deepFreeze(value: object) {
  // Typed arrays with elements cannot be frozen; cached answers are JSON data and hold none.
  if (ArrayBuffer.isView(value)) return
  Object.freeze(value)
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) deepFreeze(child as object)
  }
}

/**
 * JSON.stringify(value), made once for a value from cached(): the answers every caller shares
 * (ping/config, media/home) would otherwise be serialised again for each request.
 */
export function jsonText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null'
  const text = jsonTexts.get(value)
  if (text === undefined) return JSON.stringify(value)
  if (text !== null) return text
  const made = JSON.stringify(value)
  jsonTexts.set(value, made)
  return made
}

/**
 * Something made from a value of cached() once and kept while the value lives (`memo` holds one
 * kind of thing per value, e.g. an answer's sealed text); undefined for any other value, which
 * may change between calls or belong to one caller, and for a value that is not an object (a
 * cached null has no identity to keep anything by).
 */
export function derivedOnce<R>(memo: WeakMap<object, R>, value: unknown, make: () => R): R | undefined {
  if (typeof value !== 'object' || value === null || !jsonTexts.has(value)) return undefined
  let made = memo.get(value)
  if (made === undefined) {
    made = make()
    memo.set(value, made)
  }
  return made
}
