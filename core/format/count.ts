import { zhMessages, type FormatMessages } from './messages-zh.ts'
import { toFiniteNumber } from './number.ts'

const UNITS = [
  [1e12, 'trillion'],
  [1e8, 'hundredMillion'],
  [1e6, 'million'],
  [1e4, 'tenThousand'],
  [1e3, 'thousand'],
] as const

/**
 * A count for display: under 1000 as is; from 1000 the largest unit whose threshold
 * the count reaches wins (T 1e12, Y 1e8, M 1e6, W 1e4, K 1e3 — so 12 345 is "1.2W", not
 * "12.3K"), with one decimal.
 * Our choices: the decimal is truncated, never rounded up, so a count is never overstated and
 * never rolls over into a unit it has not reached (9 999 → "9.9K", 999 999 → "99.9W"); a zero
 * decimal is dropped (1 000 → "1K", not "1.0K"); fractions are truncated (999.9 → "999").
 * Negative, missing or non-numeric input → "0".
 */
export function formatCount(value: unknown, messages: FormatMessages = zhMessages): string {
  const n = toFiniteNumber(value)
  if (n === undefined || n <= 0) return '0'
  const count = Math.trunc(n)
  for (const [threshold, unit] of UNITS) {
    if (count < threshold) continue
    // count * 10 is an exact integer, so the division is correctly rounded and floor() exact.
    const tenths = Math.floor((count * 10) / threshold)
    const decimal = tenths % 10
    const text = decimal === 0 ? `${Math.floor(tenths / 10)}` : `${Math.floor(tenths / 10)}.${decimal}`
    return `${text}${messages.countUnits[unit]}`
  }
  return String(count)
}
