import { describe, expect, it } from 'vitest'
import { createMemoryNonceStore } from './nonce-store.ts'

describe('memory nonce store', () => {
  it('refuses a nonce it remembers and forgets it after the TTL', async () => {
    let now = 0
    const store = createMemoryNonceStore({ now: () => now })
    expect(await store.remember('a', 600)).toBe(true)
    expect(await store.remember('a', 600)).toBe(false)
    now = 599_999
    expect(await store.remember('a', 600)).toBe(false)
    now = 600_000
    expect(await store.remember('a', 600)).toBe(true)
  })

  it('sweeps expired entries so it does not grow without bound', async () => {
    let now = 0
    const store = createMemoryNonceStore({ now: () => now })
    for (let i = 0; i < 1000; i++) await store.remember(`n${i}`, 600)
    expect(store.size()).toBe(1000)
    now = 601_000
    await store.remember('fresh', 600)
    expect(store.size()).toBe(1)
  })

  it('when full, makes room by forgetting the oldest nonce and says so at most once a minute', async () => {
    let now = 0
    const reports: number[] = []
    const store = createMemoryNonceStore({ now: () => now, maxEntries: 2, onEvicted: (n) => reports.push(n) })
    await store.remember('a', 600)
    await store.remember('b', 600)
    expect(await store.remember('c', 600)).toBe(true)
    expect(await store.remember('d', 600)).toBe(true)
    expect(store.size()).toBe(2)
    expect(await store.remember('d', 600)).toBe(false)
    expect(await store.remember('c', 600)).toBe(false)
    expect(reports).toEqual([1])
    now = 60_000
    expect(await store.remember('e', 600)).toBe(true)
    expect(reports).toEqual([1, 2])
    // The oldest left is 'd'; it still expires on time after the evictions.
    now = 600_000
    expect(await store.remember('d', 600)).toBe(true)
  })

  it('stays full at its cap for thousands of nonces, forgetting exactly the oldest ones', async () => {
    const store = createMemoryNonceStore({ now: () => 0, maxEntries: 100 })
    for (let i = 0; i < 5000; i++) expect(await store.remember(`n${i}`, 600)).toBe(true)
    expect(store.size()).toBe(100)
    for (let i = 4900; i < 5000; i++) expect(await store.remember(`n${i}`, 600)).toBe(false)
    // The oldest left was n4900; forgetting it made room for n4899, which is new again.
    expect(await store.remember('n4899', 600)).toBe(true)
    expect(await store.remember('n4900', 600)).toBe(true)
    expect(await store.remember('n4902', 600)).toBe(false)
  })

  it('still refuses a nonce stored again after it expired unswept (TTLs differ), full or not', async () => {
    for (const maxEntries of [undefined, 2]) {
      let now = 0
      const store = createMemoryNonceStore({ now: () => now, ...(maxEntries ? { maxEntries } : {}) })
      await store.remember('long', 600)
      await store.remember('a', 1)
      now = 1000
      // 'a' expired, but the sweep stops at 'long' before reaching it: it is stored again.
      expect(await store.remember('a', 600)).toBe(true)
      now = 600_000
      // Sweeping 'long' passes the first arrival of 'a', which must not take the second with it.
      expect(await store.remember('a', 600)).toBe(false)
    }
  })

  it('keeps protocol nonces apart from other keys and for at least the whole TTL', async () => {
    let now = 500
    const store = createMemoryNonceStore({ now: () => now })
    const nonce = '0123456789abcdef0123456789abcdef'
    expect(await store.remember(nonce, 600)).toBe(true)
    expect(await store.remember(nonce, 600)).toBe(false)
    expect(await store.remember('fedcba9876543210fedcba9876543210', 600)).toBe(true)
    // The text a protocol nonce is kept under, given as a key of its own, is another key.
    expect(await store.remember(Buffer.from(nonce, 'hex').toString('latin1'), 600)).toBe(true)
    now = 600_499
    expect(await store.remember(nonce, 600)).toBe(false)
    now = 601_000
    expect(await store.remember(nonce, 600)).toBe(true)
  })
})
