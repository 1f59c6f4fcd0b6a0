import { describe, expect, it, vi } from 'vitest'
import { debounceLeading, throttle } from './throttle.ts'

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

describe('debounceLeading', () => {
  it('acts on the first tap and ignores taps until 200 ms of quiet', () => {
    let time = 0
    const fn = vi.fn()
    const tap = debounceLeading(fn, 200, () => time)
    tap('a')
    time = 100
    tap('b')
    time = 250
    tap('c')
    expect(fn.mock.calls).toEqual([['a']])
    time = 450
    tap('d')
    expect(fn.mock.calls).toEqual([['a'], ['d']])
  })
})
