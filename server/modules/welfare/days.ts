import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { TaskPeriod, WELFARE_TIME_ZONE } from '../../../core/contracts/welfare-rules.ts'

dayjs.extend(utc)
dayjs.extend(timezone)

const DATE_KEY = 'YYYY-MM-DD'
const DATE_KEY_SHAPE = /^\d{4}-\d{2}-\d{2}$/

/** The Asia/Shanghai calendar day of a moment, `2026-11-26`, whatever the machine's zone. */
export function dayKey(ms: number): string {
  return dayjs(ms).tz(WELFARE_TIME_ZONE).format(DATE_KEY)
}

/** The first millisecond of the Asia/Shanghai day holding `ms`. */
export function dayStart(ms: number): Date {
  return dayjs(ms).tz(WELFARE_TIME_ZONE).startOf('day').toDate()
}

/**
 * The end of the Asia/Shanghai day `key` (`2026-11-26`), that is the first millisecond of the
 * next one; null when `key` is not such a date (`2026-02-30`, `26-11-26`).
 */
export function dayEnd(key: string): Date | null {
  if (!DATE_KEY_SHAPE.test(key)) return null
  const day = dayjs.tz(key, WELFARE_TIME_ZONE)
  return day.isValid() && day.format(DATE_KEY) === key ? day.add(1, 'day').toDate() : null
}

/** The day before the one holding `ms`, as a key. */
export function previousDayKey(ms: number): string {
  return dayKey(dayStart(ms).getTime() - 1)
}

/** Once tasks share one period for ever. */
export const ONCE_PERIOD = 'once'

/** The claim period a task is in at `ms`: the day for a daily task, `once` for a once task. */
export function periodOf(period: string, ms: number): string {
  return period === TaskPeriod.Daily ? dayKey(ms) : ONCE_PERIOD
}
