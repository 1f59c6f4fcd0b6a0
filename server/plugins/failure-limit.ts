import { RateLimiterMemory } from 'rate-limiter-flexible'
import { ResultCode } from '../../core/protocol/codes.ts'
import { AppError } from '../errors.ts'

/** Answered as 4290 (HTTP 429) with a Retry-After header. */
export class RateLimitedError extends AppError {
  override name = 'RateLimitedError'
  constructor(readonly retryAfterSeconds: number) {
    super(ResultCode.RateLimited, `尝试次数过多，请${Math.max(1, Math.ceil(retryAfterSeconds / 60))}分钟后再试`)
  }
}

export interface FailureLimitOptions {
  /** Failures one key may have within the window; the next try is refused until the window passes. */
  maxFailures: number
  windowSeconds: number
}

/**
 * Counts failed tries (a wrong password, code or credential) per key — a client address, an
 * account, a number — and refuses further tries of a key past the limit. Successful tries
 * cost nothing. rate-limiter-flexible keeps the counters; its Redis store takes the memory
 * store's place when several processes share them.
 */
export function createFailureLimit(options: FailureLimitOptions) {
  const limiter = new RateLimiterMemory({ points: options.maxFailures, duration: options.windowSeconds })
  return {
    /** Throws RateLimitedError when any key is past the limit. */
    async assertAllowed(keys: readonly string[]) {
      for (const key of keys) {
        const counted = await limiter.get(key)
        if (counted && counted.consumedPoints >= options.maxFailures) {
          throw new RateLimitedError(Math.ceil(counted.msBeforeNext / 1000))
        }
      }
    },
    async recordFailure(keys: readonly string[]) {
      await Promise.all(keys.map((key) => limiter.penalty(key, 1)))
    },
    /** After a success: the account's count starts again (the address's stays). */
    async forget(key: string) {
      await limiter.delete(key)
    },
  }
}

export type FailureLimit = ReturnType<typeof createFailureLimit>
