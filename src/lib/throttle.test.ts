import { describe, expect, it, vi } from 'vitest'
import { debounceTaps, throttle } from './throttle.ts'

function fakeTimers() {
  let time = 0
  const queue: Array<{ at: number; fn: () => void }> = []
  return {
    now: () => time,
    setTimeout: (fn: () => void, ms: number) => queue.push({ at: time + ms, fn }),
    advance(ms: number) {
      time += ms
      for (const item of queue.splice(0).sort((a, b) => a.at - b.at)) {
        if (item.at <= time) item.fn()
        else queue.push(item)
      }
    },
  }
}

describe('throttle', () => {
  it('runs at once, then once at the end of a burst', () => {
    const timers = fakeTimers()
    const fn = vi.fn()
    const throttled = throttle(fn, 300, timers)
    throttled()
    expect(fn).toHaveBeenCalledTimes(1)
    timers.advance(100)
    throttled()
    throttled()
    expect(fn).toHaveBeenCalledTimes(1)
    timers.advance(199)
    expect(fn).toHaveBeenCalledTimes(1)
    timers.advance(1)
    expect(fn).toHaveBeenCalledTimes(2)
    timers.advance(300)
    throttled()
    expect(fn).toHaveBeenCalledTimes(3)
  })
})

describe('debounceTaps', () => {
  function timers() {
    const base = fakeTimers()
    const cancelled = new Set<unknown>()
    let id = 0
    return {
      now: base.now,
      advance: base.advance,
      setTimeout: (fn: () => void, ms: number) => {
        const handle = ++id
        base.setTimeout(() => {
          if (!cancelled.has(handle)) fn()
        }, ms)
        return handle
      },
      clearTimeout: (handle: unknown) => void cancelled.add(handle),
    }
  }

  it('acts on the first tap at once and never twice for a double tap', () => {
    const clock = timers()
    const fn = vi.fn()
    const tap = debounceTaps(fn, 200, clock)
    tap('/mine/')
    clock.advance(80)
    tap('/mine/')
    clock.advance(500)
    expect(fn.mock.calls).toEqual([['/mine/']])
  })

  it('acts on the last of a burst once 200 ms pass without a tap', () => {
    const clock = timers()
    const fn = vi.fn()
    const tap = debounceTaps(fn, 200, clock)
    tap('/')
    clock.advance(100)
    tap('/lld/')
    clock.advance(100)
    tap('/mine/')
    clock.advance(199)
    expect(fn.mock.calls).toEqual([['/']])
    clock.advance(1)
    expect(fn.mock.calls).toEqual([['/'], ['/mine/']])
  })

  it('acts at once again after a quiet 200 ms', () => {
    const clock = timers()
    const fn = vi.fn()
    const tap = debounceTaps(fn, 200, clock)
    tap('/')
    clock.advance(200)
    tap('/mine/')
    expect(fn.mock.calls).toEqual([['/'], ['/mine/']])
  })
})
