import { describe, expect, it } from 'vitest'
import { isAttached, pickActiveSlide, shouldLoadMore } from './active-slide.ts'

describe('pickActiveSlide', () => {
  it.each([
    { name: 'the only slide on screen', ratios: [[0, 1]], current: 0, expected: 0 },
    {
      name: 'the next slide once 60 % shows',
      ratios: [
        [0, 0.4],
        [1, 0.6],
      ],
      current: 0,
      expected: 1,
    },
    {
      name: 'not yet at 59 %',
      ratios: [
        [0, 0.41],
        [1, 0.59],
      ],
      current: 0,
      expected: 0,
    },
    {
      name: 'mid-swipe, none at 60 %: the current stays',
      ratios: [
        [3, 0.5],
        [4, 0.5],
      ],
      current: 3,
      expected: 3,
    },
    {
      name: 'nothing visible (page hidden): the current stays',
      ratios: [
        [0, 0],
        [1, 0],
      ],
      current: 1,
      expected: 1,
    },
    {
      name: 'the most visible of two above the line',
      ratios: [
        [1, 0.65],
        [2, 0.9],
      ],
      current: 1,
      expected: 2,
    },
    {
      name: 'a tie goes to the lower index',
      ratios: [
        [5, 0.8],
        [4, 0.8],
      ],
      current: 0,
      expected: 4,
    },
    {
      name: 'swiping back',
      ratios: [
        [2, 0.2],
        [1, 0.8],
      ],
      current: 2,
      expected: 1,
    },
    { name: 'no reports yet', ratios: [], current: 0, expected: 0 },
  ] as const)('$name', ({ ratios, current, expected }) => {
    expect(pickActiveSlide(new Map(ratios as readonly (readonly [number, number])[]), current)).toBe(expected)
  })
})

describe('isAttached', () => {
  it('attaches the playing slide, the next (preloaded) and the previous, nothing further', () => {
    expect([0, 1, 2, 3, 4, 5].filter((index) => isAttached(index, 2))).toEqual([1, 2, 3])
    expect([0, 1, 2].filter((index) => isAttached(index, 0))).toEqual([0, 1])
  })
})

describe('shouldLoadMore', () => {
  it('asks for the next page when three slides or fewer are left after the active one', () => {
    expect(shouldLoadMore(5, 10)).toBe(false)
    expect(shouldLoadMore(6, 10)).toBe(true)
    expect(shouldLoadMore(9, 10)).toBe(true)
    expect(shouldLoadMore(0, 0)).toBe(false)
  })
})
