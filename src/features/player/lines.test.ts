import { describe, expect, it } from 'vitest'
import { linesKey, nextLine } from './lines.ts'

describe('nextLine', () => {
  it.each([
    { count: 3, current: 0, failed: [0], next: 1 },
    { count: 3, current: 1, failed: [0, 1], next: 2 },
    { count: 3, current: 2, failed: [2], next: 0 },
    { count: 4, current: 2, failed: [2, 3], next: 0 },
    { count: 4, current: 2, failed: [0, 2, 3], next: 1 },
    { count: 3, current: 1, failed: [1, 2], next: 0 },
    { count: 3, current: 0, failed: [0, 1, 2], next: null },
    { count: 1, current: 0, failed: [0], next: null },
    { count: 0, current: 0, failed: [], next: null },
  ])('$count lines, $current failed after $failed → $next', ({ count, current, failed, next }) => {
    expect(nextLine(count, current, new Set(failed))).toBe(next)
  })

  it('visits every line once, in order from the one after the failed line, before giving up', () => {
    const failed = new Set<number>()
    const visited: number[] = []
    let current: number | null = 2
    while (current !== null) {
      failed.add(current)
      visited.push(current)
      current = nextLine(5, current, failed)
    }
    expect(visited).toEqual([2, 3, 4, 0, 1])
  })
})

describe('linesKey', () => {
  it('changes with a line URL and not with its name', () => {
    const a = [{ name: '线路1', url: 'https://a/hls/1/master.m3u8?pt=x' }]
    expect(linesKey(a)).toBe(linesKey([{ name: '其他', url: a[0]!.url }]))
    expect(linesKey(a)).not.toBe(linesKey([{ name: '线路1', url: 'https://a/hls/1/master.m3u8?pt=y' }]))
  })
})
