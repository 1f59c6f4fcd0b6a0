/** A slide plays once at least this much of it is on screen. */
const ACTIVE_RATIO = 0.6

/**
 * Which slide plays, from how much of each is visible (IntersectionObserver ratios by index):
 * the most visible one at or above ACTIVE_RATIO; while none is (mid-swipe), the current one
 * stays, so a video is never paused and restarted by a half-way drag. Ties go to the lower index.
 */
export function pickActiveSlide(ratios: ReadonlyMap<number, number>, current: number): number {
  let best = current
  let bestRatio = -1
  for (const [index, ratio] of ratios) {
    if (ratio < ACTIVE_RATIO) continue
    if (ratio > bestRatio || (ratio === bestRatio && index < best)) {
      best = index
      bestRatio = ratio
    }
  }
  return best
}

/** Slides whose source is attached: the playing one and the next (preloaded) plus the previous (swipe back). */
export function isAttached(index: number, active: number): boolean {
  return index >= active - 1 && index <= active + 1
}

/** Ask for the next page while this many slides or fewer are left after the active one. */
const LOAD_MORE_AHEAD = 3

export function shouldLoadMore(active: number, count: number): boolean {
  return count > 0 && count - 1 - active <= LOAD_MORE_AHEAD
}
