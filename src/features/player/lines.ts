import type { PlayLine } from '../../../core/contracts/play.ts'

/**
 * Which line to try after `failed` stopped working: the next one in the config's order that has
 * not failed during this viewing, wrapping around past the end; null when every line has failed.
 * A user's own pick is one of them, so falling back from line 3 tries 4, …, then 1 and 2.
 */
export function nextLine(count: number, current: number, failed: ReadonlySet<number>): number | null {
  for (let step = 1; step <= count; step++) {
    const candidate = (current + step) % count
    if (!failed.has(candidate)) return candidate
  }
  return null
}

/** Lines keyed by their URL, so a refetch that gives the same lines keeps the player where it is. */
export function linesKey(lines: readonly PlayLine[]): string {
  return lines.map((line) => line.url).join('\n')
}
