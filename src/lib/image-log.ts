/**
 * Image load failures (a failed image is logged and its placeholder stays). The app
 * has no log sink and lint bans console in src/, so failures go to a bounded in-memory list
 * that tests, journeys and a debugging session can read.
 */
export interface ImageFailure {
  src: string
  reason: string
}

const MAX_FAILURES = 50
const failures: ImageFailure[] = []

export function logImageFailure(src: string, reason: string): void {
  failures.push({ src, reason })
  if (failures.length > MAX_FAILURES) failures.splice(0, failures.length - MAX_FAILURES)
}

/** The most recent failures, oldest first. */
export function recentImageFailures(): readonly ImageFailure[] {
  return failures.slice()
}

export function clearImageFailures(): void {
  failures.length = 0
}
