import { describe, expect, it } from 'vitest'
import { cached, cachedByKey, derivedOnce, jsonText } from './cached.ts'

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

describe('cachedByKey', () => {
  it('keeps one frozen value per key for a TTL; a failed load is not kept', async () => {
    let time = 0
    const loads: string[] = []
    const get = cachedByKey<{ key: string }>(() => time, 1000, 10)
    const load = (key: string) => async () => {
      loads.push(key)
      if (key === 'bad') throw new Error('database down')
      return { key }
    }
    const [a, again] = await Promise.all([get('a', load('a')), get('a', load('a'))])
    expect(again).toBe(a)
    expect(get('a', load('a'))).toBe(a)
    expect(Object.isFrozen(a)).toBe(true)
    expect(await get('b', load('b'))).toEqual({ key: 'b' })
    await expect(get('bad', load('bad'))).rejects.toThrow('database down')
    await expect(get('bad', load('bad'))).rejects.toThrow('database down')
    time = 1000
    expect(await get('a', load('a'))).not.toBe(a)
    expect(loads).toEqual(['a', 'b', 'bad', 'bad', 'a'])
  })

  it('holds at most maxKeys values, dropping the oldest', async () => {
    let loads = 0
    const get = cachedByKey<number>(() => 0, 1000, 2)
    const load = async () => ++loads
    for (const key of ['a', 'b', 'c']) await get(key, load)
    expect(await get('c', load)).toBe(3)
    expect(await get('b', load)).toBe(2)
    expect(await get('a', load)).toBe(4)
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
