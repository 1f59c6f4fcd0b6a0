import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit.ts'

describe('createRateLimiter', () => {
  it('allows `limit` hits per key and window, each key on its own', () => {
    let now = 0
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => now })
    expect([limiter.take(1), limiter.take(1), limiter.take(1), limiter.take(2)]).toEqual([true, true, false, true])
    now = 999
    expect(limiter.take(1)).toBe(false)
    now = 1000
    expect(limiter.take(1)).toBe(true)
  })

  it('forgets expired windows once many are remembered, walking them at most once per window', () => {
    let now = 0
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => now })
    for (let key = 1; key <= 10_001; key++) limiter.take(key)
    now = 600
    // All still live: the walk drops nothing, and the next walk waits a window (until 1600).
    limiter.take(20_000)
    expect(limiter.size).toBe(10_002)
    now = 1000
    limiter.take(20_001)
    expect(limiter.size).toBe(10_003)
    now = 1600
    limiter.take(20_002)
    // Expired by now: the first 10 001 (at 0) and 20 000 (at 600).
    expect(limiter.size).toBe(2)
    expect(limiter.take(20_001)).toBe(false)
  })
})
