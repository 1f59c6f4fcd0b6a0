import { describe, expect, it } from 'vitest'
import { formatDate } from './date.ts'

describe('formatDate (Unix seconds → Asia/Shanghai)', () => {
  it.each<[unknown, string]>([
    [1, '1970-01-01 08:00:01'],
    [1_700_000_000, '2023-11-15 06:13:20'],
    [1_700_000_000.999, '2023-11-15 06:13:20'],
    ['1700000000', '2023-11-15 06:13:20'],
    // 2023-12-31 16:00 UTC is midnight of the next day in Shanghai (UTC+8, no daylight saving).
    [1_704_038_399, '2023-12-31 23:59:59'],
    [1_704_038_400, '2024-01-01 00:00:00'],
    [1_719_792_000, '2024-07-01 08:00:00'],
    [4_102_444_800, '2100-01-01 08:00:00'],
    [0, ''],
    [-1, ''],
    [1e15, ''],
    ['abc', ''],
    ['', ''],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (seconds, text) => {
    expect(formatDate(seconds)).toBe(text)
  })
})
