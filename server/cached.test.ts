import { describe, expect, it } from 'vitest'
import { cached, derivedOnce, jsonText } from './cached.ts'

describe('cached', () => {
  it('shares one frozen value per TTL and loads again after it', async () => {
    let time = 0
    let loads = 0
    const get = cached(
      () => time,
      1000,
      async () => ({ n: ++loads, items: [{ title: '夏日' }] }),
    )
    const first = await get()
    expect(get()).toBe(first)
    expect(Object.isFrozen(first.items[0])).toBe(true)
    expect(() => {
      ;(first.items as unknown[]).push({})
    }).toThrow(TypeError)
    time = 1000
    expect((await get()).n).toBe(2)
  })

  it('forgets a failed load', async () => {
    let fail = true
    const get = cached(
      () => 0,
      1000,
      async () => {
        if (fail) throw new Error('database down')
        return { ok: true }
      },
    )
    await expect(get()).rejects.toThrow('database down')
    fail = false
    expect(await get()).toEqual({ ok: true })
  })
})

describe('jsonText', () => {
  it('is JSON.stringify, made once for a cached value', async () => {
    const value = await cached(
      () => 0,
      1000,
      async () => ({ title: '海边', tags: ['a', 'b'], at: null }),
    )()
    expect(jsonText(value)).toBe(JSON.stringify(value))
    expect(jsonText(value)).toBe(jsonText(value))
  })

  it('serialises any other value afresh, so a changed object shows its change', () => {
    const value = { n: 1 }
    expect(jsonText(value)).toBe('{"n":1}')
    value.n = 2
    expect(jsonText(value)).toBe('{"n":2}')
    expect(jsonText(null)).toBe('null')
    expect(jsonText(undefined)).toBe('null')
    expect(jsonText('引号"')).toBe(JSON.stringify('引号"'))
  })
})

describe('derivedOnce', () => {
  it('makes one thing per cached value and none for other values', async () => {
    const memo = new WeakMap<object, string>()
    let made = 0
    const make = (value: unknown) => () => `${++made}:${JSON.stringify(value)}`
    const value = await cached(
      () => 0,
      1000,
      async () => ({ n: 1 }),
    )()
    expect(derivedOnce(memo, value, make(value))).toBe('1:{"n":1}')
    expect(derivedOnce(memo, value, make(value))).toBe('1:{"n":1}')
    const other = { n: 1 }
    expect(derivedOnce(memo, other, make(other))).toBeUndefined()
    expect(derivedOnce(memo, null, make(null))).toBeUndefined()
    expect(made).toBe(1)
  })
})
