import { describe, expect, it } from 'vitest'
import { backTarget, recordLanding } from './landing.ts'

function memoryStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

describe('the back rule', () => {
  it('goes home from the landing route and one step back elsewhere', () => {
    const storage = memoryStorage()
    recordLanding('/topicList?id=1&name=x', storage)
    recordLanding('/mine/', storage)
    expect(backTarget('/topicList?id=1&name=x', true, storage)).toBe('home')
    expect(backTarget('/mine/', true, storage)).toBe('history')
  })

  it('treats a trailing slash as the same route', () => {
    const storage = memoryStorage()
    recordLanding('/mine/vip/', storage)
    expect(backTarget('/mine/vip', true, storage)).toBe('home')
  })

  it('goes home when there is no history to go back to', () => {
    expect(backTarget('/mine/vip', false, memoryStorage())).toBe('home')
  })
})
