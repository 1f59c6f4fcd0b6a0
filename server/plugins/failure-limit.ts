import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { ResultCode } from '../../core/protocol/codes.ts'
import { AppError } from '../errors.ts'
import type { SharedRedis } from '../redis.ts'

/** Answered as 4290 (HTTP 429) with a Retry-After header. */
export class RateLimitedError extends AppError {
  override name = 'RateLimitedError'
  constructor(readonly retryAfterSeconds: number) {
    super(ResultCode.RateLimited, `尝试次数过多，请${Math.max(1, Math.ceil(retryAfterSeconds / 60))}分钟后再试`)
  }
}

/** Where counters live: this process (null), or the Redis every process shares (REDIS_URL). */
export type CounterStore = (Pick<SharedRedis, 'client' | 'prefix'> & Pick<Partial<SharedRedis>, 'log'>) | null

export interface FailureLimitOptions {
  /** Keeps this limit's counters apart from other limits' in a shared store. */
  name: string
  /** Failures one key may have within the window; the next try is refused until the window passes. */
  maxFailures: number
  windowSeconds: number
}

/** What failures are counted by: the client's address, the account name tried, the signed-in user. */
export const failureKey = {
  address: (ip: string) => `ip:${ip}`,
  user: (userId: number) => `user:${userId}`,
  account: (name: string) => `account:${name.toLowerCase()}`,
}

/**
 * Counts failed tries (a wrong password, code or credential) per key and refuses a key's tries past
 * the limit. Every try takes a point before it is checked and a success gives it back, so tries
 * sent all at once are counted as they arrive, not after their (slow) checks. rate-limiter-flexible
 * keeps the counters, in Redis when processes share them (`store`): a guesser spreading tries over
 * the processes meets one limit. A Redis error refuses the try (it is not counted, so not let through);
 * giving points back (a success, or the other keys of a refused try) is best-effort: a failure there
 * is logged, never turned into an error for a try that was right.
 */
export function createFailureLimit(options: FailureLimitOptions, store: CounterStore = null) {
  const limits = { points: options.maxFailures, duration: options.windowSeconds }
  const limiter = store
    ? new RateLimiterRedis({ ...limits, storeClient: store.client, keyPrefix: `${store.prefix}fail:${options.name}` })
    : new RateLimiterMemory(limits)
  /** Gives a point back to each key; a failure only costs the key a point until the window passes. */
  const giveBack = async (keys: readonly string[]) => {
    const results = await Promise.allSettled(keys.map((key) => limiter.reward(key, 1)))
    const failed = results.filter((result) => result.status === 'rejected')
    if (failed.length > 0) {
      store?.log?.warn(
        { limit: options.name, keys: failed.length, error: String((failed[0] as PromiseRejectedResult).reason) },
        'failure limit: could not give points back',
      )
    }
  }
  return {
    /** Takes a point of every key, or throws RateLimitedError when one is spent. */
    async attempt(keys: readonly string[]) {
      const taken: string[] = []
      for (const key of keys) {
        try {
          await limiter.consume(key)
          taken.push(key)
        } catch (rejection) {
          await giveBack(taken)
          if (rejection instanceof RateLimiterRes) throw new RateLimitedError(Math.ceil(rejection.msBeforeNext / 1000))
          throw rejection
        }
      }
      return {
        /** The try succeeded: its points come back. */
        succeeded: () => giveBack(keys),
      }
    },
    /**
     * Refuses (RateLimitedError) when a key has spent its failures, without taking a point: for
     * tries that are counted only once they failed (`failed`), where a right answer must never be
     * refused for its neighbours' concurrent right answers (a redeem code shared by many users
     * behind one address). Racing wrong tries can then exceed the limit by as many as race,
     * so use it only where a guess cannot succeed anyway (server/modules/welfare/README.md).
     */
    async refuseSpent(keys: readonly string[]) {
      for (const key of keys) {
        const state = await limiter.get(key)
        if (state && state.consumedPoints >= options.maxFailures) {
          throw new RateLimitedError(Math.ceil(state.msBeforeNext / 1000))
        }
      }
    },
    /** Counts a failed try against every key (with refuseSpent). */
    async failed(keys: readonly string[]) {
      await Promise.all(keys.map((key) => limiter.penalty(key, 1)))
    },
    /** After a success: the key's count starts again (an account's, not an address's). */
    async forget(key: string) {
      await limiter.delete(key)
    },
  }
}

export type FailureLimit = ReturnType<typeof createFailureLimit>
