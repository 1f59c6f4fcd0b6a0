import { describe, expect, it } from 'vitest'
import { formatMoney, formatPrice } from './money.ts'

describe('formatMoney', () => {
  it.each<[unknown, string]>([
    [0, '0'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1'],
    [999, '9.99'],
    [1000, '10'],
    [1200, '12'],
    [1234, '12.34'],
    [1250, '12.50'],
    [9999, '99.99'],
    [10000, '100'],
    [999999, '9999.99'],
    [1e6, '10000'],
    [1e8, '1000000'],
    [1e12, '10000000000'],
    [-150, '-1.50'],
    [-100, '-1'],
    [-0, '0'],
    [-0.4, '0'],
    [12.5, '0.13'],
    [12.4, '0.12'],
    ['1234', '12.34'],
    [' 500 ', '5'],
    ['abc', '0'],
    ['', '0'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
    [null, '0'],
    [undefined, '0'],
  ])('%j → %j', (cents, text) => {
    expect(formatMoney(cents)).toBe(text)
  })
})

describe('formatPrice', () => {
  it.each([
    [0, '¥0.00'],
    [1, '¥0.01'],
    [600, '¥6.00'],
    [3050, '¥30.50'],
    [123456, '¥1234.56'],
    [-990, '-¥9.90'],
  ])('%d fen → %s', (fen, text) => {
    expect(formatPrice(fen)).toBe(text)
  })
})
