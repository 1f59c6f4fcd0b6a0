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

/**
 * Leading-edge debounce for taps: the first tap acts at once; taps that follow within
 * `waitMs` of the previous one are ignored (SPEC §4's 200 ms tab-bar debounce).
 */
export function debounceLeading<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
  now: () => number = () => performance.now(),
): (...args: A) => void {
  let lastTap = -Infinity
  return (...args) => {
    const time = now()
    const quiet = time - lastTap >= waitMs
    lastTap = time
    if (quiet) fn(...args)
  }
}
