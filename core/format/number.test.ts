import { describe, expect, it } from 'vitest'
import { toFiniteNumber } from './number.ts'

describe('toFiniteNumber', () => {
  it.each<[unknown, number | undefined]>([
    [0, 0],
    [-5.5, -5.5],
    ['1234', 1234],
    [' 12.5 ', 12.5],
    ['-3', -3],
    ['+3', 3],
    ['.5', 0.5],
    ['1e3', 1000],
    ['', undefined],
    ['  ', undefined],
    ['12abc', undefined],
    ['0x10', undefined],
    ['Infinity', undefined],
    ['1e400', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [null, undefined],
    [undefined, undefined],
    [true, undefined],
    [{}, undefined],
    [[1], undefined],
  ])('%j → %j', (value, expected) => {
    expect(toFiniteNumber(value)).toBe(expected)
  })
})
