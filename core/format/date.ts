import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn.js'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { zhMessages, type FormatMessages } from './messages-zh.ts'
import { toFiniteNumber } from './number.ts'

dayjs.extend(utc)
dayjs.extend(timezone)

/** Dates as the API and the app show them: Shanghai time, no daylight saving. */
const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss'
const TIME_ZONE = 'Asia/Shanghai'

/**
 * Unix seconds (the API's unit — not milliseconds) → `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai,
 * whatever the device's time zone. Fractions of a second are dropped. Missing, non-numeric,
 * zero (the API's "never"), negative or out-of-range input → "".
 */
export function formatDate(unixSeconds: unknown, messages: FormatMessages = zhMessages): string {
  const seconds = toFiniteNumber(unixSeconds)
  if (seconds === undefined || seconds <= 0) return ''
  const date = dayjs.unix(Math.floor(seconds))
  // Beyond the ±8.64e15 ms range of a JS date, dayjs would print "Invalid Date".
  if (!date.isValid()) return ''
  return date.tz(TIME_ZONE).locale(messages.dayjsLocale).format(DATE_TIME_FORMAT)
}
