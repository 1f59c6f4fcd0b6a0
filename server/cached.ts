/**
 * One value per TTL; concurrent misses share one load; a failed load is not kept. Once loaded
 * the value itself is returned, not a promise of it, so a call can answer in the same tick.
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
    const loading = load()
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
