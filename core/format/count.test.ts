import { describe, expect, it } from 'vitest'
import { formatCount } from './count.ts'
import type { FormatMessages } from './messages-zh.ts'
import { zhMessages } from './messages-zh.ts'

describe('formatCount', () => {
  it.each<[unknown, string]>([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [999.9, '999'],
    [1000, '1K'],
    [1050, '1K'],
    [1100, '1.1K'],
    [1999, '1.9K'],
    [9999, '9.9K'],
    [10000, '1W'],
    [12345, '1.2W'],
    [99999, '9.9W'],
    [100000, '10W'],
    [999999, '99.9W'],
    [1e6, '1M'],
    [1234567, '1.2M'],
    [99999999, '99.9M'],
    [1e8, '1Y'],
    [150000000, '1.5Y'],
    [999999999999, '9999.9Y'],
    [1e12, '1T'],
    [2.35e12, '2.3T'],
    [1e15, '1000T'],
    ['12345', '1.2W'],
    [-1, '0'],
    [-5000, '0'],
    ['abc', '0'],
    ['', '0'],
    [Number.NaN, '0'],
    [null, '0'],
    [undefined, '0'],
  ])('%j → %j', (value, text) => {
    expect(formatCount(value)).toBe(text)
  })

  it('takes its unit suffixes from the messages', () => {
    const messages: FormatMessages = {
      ...zhMessages,
      countUnits: { thousand: '千', tenThousand: '万', million: '百万', hundredMillion: '亿', trillion: '兆' },
    }
    expect(formatCount(12345, messages)).toBe('1.2万')
    expect(formatCount(3e8, messages)).toBe('3亿')
  })
})
