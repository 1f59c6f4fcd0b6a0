import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { CounterStore } from '../../plugins/failure-limit.ts'

/** Past this many remembered windows, expired ones are dropped (at most once per window length). */
const SWEEP_ABOVE = 10_000

/**
 * A fixed-window counter per key, in this process (no REDIS_URL): one process serves every
 * request, so its count is the whole count.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now: () => number }) {
  const windows = new Map<number, { start: number; count: number }>()
  let nextSweep = 0
  return {
    /** Counts one hit for `key`; false once the window's limit is used up. */
    take(key: number): boolean {
      const now = options.now()
      let window = windows.get(key)
      if (!window || now - window.start >= options.windowMs) {
        // Drop expired windows now and then so the map does not grow with every user ever seen.
        // Not on every new window: with more active users than SWEEP_ABOVE, each new one would
        // walk the whole map and find nothing to drop.
        if (windows.size > SWEEP_ABOVE && now >= nextSweep) {
          for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k)
          nextSweep = now + options.windowMs
        }
        window = { start: now, count: 0 }
        windows.set(key, window)
      }
      window.count++
      return window.count <= options.limit
    },
    /** Windows remembered (for tests). */
    get size() {
      return windows.size
    },
  }
}

/**
 * The same fixed window counted in the Redis every process shares (rate-limiter-flexible), so a
 * user spreading key requests over the processes meets one limit. Redis expires the windows, on
 * its own clock.
 */
export function createSharedRateLimiter(options: {
  name: string
  limit: number
  windowMs: number
  store: NonNullable<CounterStore>
}) {
  const limiter = new RateLimiterRedis({
    points: options.limit,
    duration: Math.ceil(options.windowMs / 1000),
    storeClient: options.store.client,
    keyPrefix: `${options.store.prefix}limit:${options.name}`,
  })
  return {
    /** Counts one hit for `key`; false once the window's limit is used up. */
    async take(key: number): Promise<boolean> {
      try {
        await limiter.consume(key)
        return true
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false
        throw rejection
      }
    },
  }
}
