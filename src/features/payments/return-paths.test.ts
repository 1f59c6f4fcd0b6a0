import { describe, expect, it } from 'vitest'
import { checkoutUrl } from './purchase.tsx'
import { rememberReturn, returnFor } from './return-paths.ts'

function memoryStorage() {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  }
}

describe('return paths', () => {
  it('gives back where each order started', () => {
    const storage = memoryStorage()
    rememberReturn('MQ1', '/play/longVideo?id=5', storage)
    rememberReturn('MQ2', '/play/videoCollection?id=3', storage)
    expect(returnFor('MQ1', storage)).toBe('/play/longVideo?id=5')
    expect(returnFor('MQ2', storage)).toBe('/play/videoCollection?id=3')
    expect(returnFor('MQ3', storage)).toBeUndefined()
  })

  it('keeps nothing for a purchase started nowhere in particular, or elsewhere than the app', () => {
    const storage = memoryStorage()
    rememberReturn('MQ1', undefined, storage)
    rememberReturn('MQ2', '//evil.example/x', storage)
    rememberReturn('MQ3', 'https://evil.example/', storage)
    expect(storage.data.size).toBe(0)
  })

  it('gives back no stored value that is not an app path (the storage is the page’s to change)', () => {
    const storage = memoryStorage()
    storage.setItem(
      'marquee:order-returns',
      JSON.stringify([
        ['MQ1', '//evil.example'],
        ['MQ2', 'javascript:x'],
      ]),
    )
    expect(returnFor('MQ1', storage)).toBeUndefined()
    expect(returnFor('MQ2', storage)).toBeUndefined()
    storage.setItem('marquee:order-returns', '{not json')
    expect(returnFor('MQ1', storage)).toBeUndefined()
  })

  it('keeps the last 20 orders', () => {
    const storage = memoryStorage()
    for (let i = 1; i <= 25; i++) rememberReturn(`MQ${i}`, `/play/longVideo?id=${i}`, storage)
    expect(returnFor('MQ5', storage)).toBeUndefined()
    expect(returnFor('MQ6', storage)).toBe('/play/longVideo?id=6')
    expect(returnFor('MQ25', storage)).toBe('/play/longVideo?id=25')
  })

  it('survives a storage that refuses', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    }
    expect(() => rememberReturn('MQ1', '/play/longVideo?id=5', blocked)).not.toThrow()
    expect(returnFor('MQ1', blocked)).toBeUndefined()
  })
})

describe('checkoutUrl', () => {
  const origin = 'https://app.example'
  it.each([
    ['/sandbox/pay/abc', 'https://app.example/sandbox/pay/abc'],
    ['https://pay.example/checkout?id=1', 'https://pay.example/checkout?id=1'],
  ])('follows %s', (payUrl, expected) => {
    expect(checkoutUrl(payUrl, origin)).toBe(expected)
  })

  it.each(['javascript:alert(1)', 'data:text/html,x', 'http://[bad'])('does not follow %s', (payUrl) => {
    expect(checkoutUrl(payUrl, origin)).toBeNull()
  })
})
