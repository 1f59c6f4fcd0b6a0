import { describe, expect, it } from 'vitest'
import { adTarget } from './ad-target.ts'

describe('adTarget precedence', () => {
  const all = { href: 'h', url: 'u', link: 'l', jumpLink: 'jl', jumpUrl: 'ju', download_url: 'd' }
  it.each([
    [all, 'h'],
    [{ ...all, href: undefined }, 'u'],
    [{ ...all, href: '', url: '  ' }, 'l'],
    [{ jumpLink: 'jl', jumpUrl: 'ju', download_url: 'd' }, 'jl'],
    [{ jumpUrl: 'ju', download_url: 'd' }, 'ju'],
    [{ download_url: ' https://d.example/app.apk ' }, 'https://d.example/app.apk'],
    [{ href: 5, url: null, link: {}, jumpLink: 'jl' }, 'jl'],
    [{}, undefined],
    [{ href: '', url: '' }, undefined],
  ])('%j → %j', (ad, target) => {
    expect(adTarget(ad)).toBe(target)
  })

  it('is undefined for a missing ad', () => {
    expect(adTarget(null)).toBeUndefined()
    expect(adTarget(undefined)).toBeUndefined()
  })
})
