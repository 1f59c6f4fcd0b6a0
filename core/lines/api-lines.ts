/**
 * Which API line calls go to, for the app's HTTP client: the config's API lines in preference
 * order; the next one after repeated calls got no answer; the first again as soon as it answers.
 * Pure: the caller reports what each call on a line did, persists the choice through `onChange`
 * and asks the first line again now and then (FIRST_LINE_PROBE_MS).
 */

/** Failures in a row (no answer: a network error or a time-out) on the line in use before moving to the next. */
export const LINE_FAILURES_BEFORE_MOVING = 2
/** While calls go to another line, the first is asked this often whether it answers again. */
export const FIRST_LINE_PROBE_MS = 30_000

export interface ApiLines {
  /** The line calls go to now. */
  current(): string
  /** The most preferred line, which calls go back to once it answers. */
  first(): string
  count(): number
  /** A call on `line` got an answer (any HTTP status): its failures are forgiven; the first line is taken back. */
  answered(line: string): void
  /**
   * A call on `line` got no answer (a network error or a time-out). Counts only against the line in use (calls sent before a move
   * report late); returns whether this moved calls to the next line.
   */
  failed(line: string): boolean
  /** The lines in preference order (config or custom/getEndpoint); the line in use stays when it is still listed. */
  setLines(lines: readonly string[]): void
}

export interface ApiLinesOptions {
  /** Preference order; never empty (the caller's own origin when nothing is configured). */
  lines: readonly string[]
  /** The line that worked last time (persisted), used when it is one of `lines`. */
  current?: string | null
  onChange?(current: string, lines: readonly string[]): void
  /** Calls now go to `current`, another line than before (not called for the starting line). */
  onMoved?(current: string): void
}

export function createApiLines(options: ApiLinesOptions): ApiLines {
  let lines = [...options.lines]
  let current = options.current && lines.includes(options.current) ? options.current : (lines[0] ?? '')
  let failures = 0

  function use(line: string) {
    if (line === current) return
    current = line
    failures = 0
    options.onChange?.(current, lines)
    options.onMoved?.(current)
  }

  return {
    current: () => current,
    first: () => lines[0] ?? current,
    count: () => lines.length,
    answered(line) {
      if (line === lines[0]) use(line)
      if (line === current) failures = 0
    },
    failed(line) {
      if (line !== current || lines.length < 2) return false
      failures += 1
      if (failures < LINE_FAILURES_BEFORE_MOVING) return false
      use(lines[(lines.indexOf(current) + 1) % lines.length] ?? current)
      return true
    },
    setLines(next) {
      if (next.length === 0) return
      const changed = next.length !== lines.length || next.some((line, index) => line !== lines[index])
      lines = [...next]
      if (!lines.includes(current)) use(lines[0] ?? current)
      else if (changed) options.onChange?.(current, lines)
    },
  }
}
