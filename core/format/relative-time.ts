import { zhMessages, type FormatMessages } from './messages-zh.ts'
import { toFiniteNumber } from './number.ts'

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago `then` was, seen at `now`; both are Unix seconds (the API's unit), and `now`
 * is always passed in — core/ has no clock. Under a minute "刚刚", then N分钟前,
 * N小时前, N天前 (1–6 days), N周前 (7–29 days), and from 30 days N个月前 with a month of
 * 30 days (30–59 days "1个月前", 365 days "12个月前": there is no year unit).
 * Whole units, rounded down. A future `then` gives "". So does a missing, non-numeric,
 * zero or negative `then` (0 means "never" in the API) or a non-numeric `now`.
 */
export function relativeTime(then: unknown, now: number, messages: FormatMessages = zhMessages): string {
  const from = toFiniteNumber(then)
  const to = toFiniteNumber(now)
  if (from === undefined || to === undefined || from <= 0) return ''
  const seconds = to - from
  if (seconds < 0) return ''
  if (seconds < MINUTE) return messages.justNow
  if (seconds < HOUR) return messages.minutesAgo(Math.floor(seconds / MINUTE))
  if (seconds < DAY) return messages.hoursAgo(Math.floor(seconds / HOUR))
  const days = Math.floor(seconds / DAY)
  if (days < 7) return messages.daysAgo(days)
  if (days < 30) return messages.weeksAgo(Math.floor(days / 7))
  return messages.monthsAgo(Math.floor(days / 30))
}
