import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time.ts'

const NOW = 1_750_000_000
const MIN = 60
const HOUR = 3600
const DAY = 86400

describe('relativeTime', () => {
  it.each<[number, string]>([
    [0, '刚刚'],
    [59, '刚刚'],
    [MIN, '1分钟前'],
    [59 * MIN + 59, '59分钟前'],
    [HOUR, '1小时前'],
    [23 * HOUR + 3599, '23小时前'],
    [DAY, '1天前'],
    [6 * DAY + DAY - 1, '6天前'],
    [7 * DAY, '1周前'],
    [13 * DAY, '1周前'],
    [14 * DAY, '2周前'],
    [29 * DAY + DAY - 1, '4周前'],
    [30 * DAY, '1个月前'],
    [59 * DAY, '1个月前'],
    [60 * DAY, '2个月前'],
    [365 * DAY, '12个月前'],
    [400 * DAY, '13个月前'],
  ])('%i seconds ago → %s', (ago, text) => {
    expect(relativeTime(NOW - ago, NOW)).toBe(text)
  })

  it.each<[unknown, string]>([
    [NOW + 1, ''],
    [NOW + 365 * DAY, ''],
    [0, ''],
    [-1, ''],
    ['abc', ''],
    ['', ''],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
    [String(NOW - 120), '2分钟前'],
  ])('then = %j → %j', (then, text) => {
    expect(relativeTime(then, NOW)).toBe(text)
  })

  it('gives "" when now is not a number', () => {
    expect(relativeTime(NOW - 120, Number.NaN)).toBe('')
  })

  it('takes its words from the messages', () => {
    const en = {
      dayjsLocale: 'en',
      justNow: 'just now',
      minutesAgo: (n: number) => `${n} min ago`,
      hoursAgo: (n: number) => `${n} h ago`,
      daysAgo: (n: number) => `${n} d ago`,
      weeksAgo: (n: number) => `${n} wk ago`,
      monthsAgo: (n: number) => `${n} mo ago`,
      countUnits: { thousand: 'K', tenThousand: '0K', million: 'M', hundredMillion: '00M', trillion: 'T' },
    }
    expect(relativeTime(NOW - 10, NOW, en)).toBe('just now')
    expect(relativeTime(NOW - 3 * HOUR, NOW, en)).toBe('3 h ago')
  })
})
