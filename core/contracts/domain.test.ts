import { describe, expect, it } from 'vitest'
import { apiLines, imageUrl } from './domain.ts'

describe('imageUrl', () => {
  const config = (urls: string[]) => ({ domain: [{ type: 'IMAGE' as const, urls }] })

  it.each([
    [['https://cdn.example/img'], 'abc', 'https://cdn.example/img/abc'],
    [['https://cdn.example/img/'], '/abc', 'https://cdn.example/img/abc'],
    [['https://a.example', 'https://b.example'], 'k', 'https://a.example/k'],
    [[], 'k', '/img/k'],
    [['https://cdn.example'], 'https://other.example/x.png', 'https://other.example/x.png'],
  ])('%j + %s → %s', (urls, key, expected) => {
    expect(imageUrl(config(urls), key)).toBe(expected)
  })

  it('falls back to this server when the config has no IMAGE entry, or is not in yet', () => {
    expect(imageUrl({ domain: [{ type: 'API', urls: ['https://api.example'] }] }, 'k')).toBe('/img/k')
    expect(imageUrl(null, 'k')).toBe('/img/k')
    expect(imageUrl(null, 'https://other.example/x.png')).toBe('https://other.example/x.png')
  })
})

describe('apiLines', () => {
  it('lists the URLs of every API entry in order, each once, and nothing else', () => {
    const domain = [
      { type: 'IMAGE' as const, urls: ['https://img.example'] },
      { type: 'API' as const, urls: ['https://a.example', 'https://b.example'] },
      { type: 'API' as const, urls: ['https://a.example', 'https://c.example'] },
    ]
    expect(apiLines({ domain })).toEqual(['https://a.example', 'https://b.example', 'https://c.example'])
    expect(apiLines({ domain: [] })).toEqual([])
  })
})
