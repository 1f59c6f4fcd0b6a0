/**
 * Leading and trailing throttle: runs at once, then at most once per `waitMs`, and once
 * more at the end of a burst so the last value is never lost.
 */
export function throttle(
  fn: () => void,
  waitMs: number,
  timers: { now(): number; setTimeout(fn: () => void, ms: number): unknown } = {
    now: () => performance.now(),
    setTimeout: (f, ms) => setTimeout(f, ms),
  },
): () => void {
  let last = -Infinity
  let pending = false
  return () => {
    const now = timers.now()
    if (now - last >= waitMs) {
      last = now
      fn()
      return
    }
    if (pending) return
    pending = true
    timers.setTimeout(
      () => {
        pending = false
        last = timers.now()
        fn()
      },
      waitMs - (now - last),
    )
  }
}

export interface TapTimers {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const realTimers: TapTimers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * Tap debounce (the tab bar's 200 ms): the first tap acts at once; further taps less
 * than `waitMs` apart are held, and once they stop the last one acts — unless it asks for
 * what already happened. A double tap never acts twice, and a quick change of mind is not lost.
 */
export function debounceTaps<A>(
  fn: (arg: A) => void,
  waitMs: number,
  timers: TapTimers = realTimers,
): (arg: A) => void {
  let lastTap = -Infinity
  let lastActed: { arg: A } | null = null
  let pending: unknown = null
  const act = (arg: A) => {
    lastActed = { arg }
    fn(arg)
  }
  return (arg) => {
    const time = timers.now()
    const quiet = time - lastTap >= waitMs
    lastTap = time
    if (pending !== null) timers.clearTimeout(pending)
    pending = null
    if (quiet) {
      act(arg)
      return
    }
    pending = timers.setTimeout(() => {
      pending = null
      if (!lastActed || !Object.is(lastActed.arg, arg)) act(arg)
    }, waitMs)
  }
}
