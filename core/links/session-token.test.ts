import { describe, expect, it } from 'vitest'
import { operatorHosts, withSessionToken } from './session-token.ts'

const hosts = ['land.example', 'https://share.example:8443/h5/']

describe('withSessionToken', () => {
  it.each([
    ['https://land.example/p?token=&a=1', 'https://land.example/p?token=T&a=1'],
    ['https://land.example/p', 'https://land.example/p?token=T'],
    ['https://land.example/p?a=1#f', 'https://land.example/p?a=1&token=T#f'],
    ['https://land.example/p?token=old', 'https://land.example/p?token=T'],
    ['http://LAND.example/p', 'http://land.example/p?token=T'],
    ['https://share.example/x', 'https://share.example/x?token=T'],
    ['https://share.example:9000/x', 'https://share.example:9000/x?token=T'],
  ])('fills the token on an operator host: %s', (url, expected) => {
    expect(withSessionToken(url, 'T', hosts)).toBe(expected)
  })

  it.each([
    'https://evil.example/p?token=',
    'https://sub.land.example/p?token=',
    'https://land.example.evil.example/p?token=',
    'https://land.example@evil.example/p?token=',
    'https://evil.example\\@land.example/p?token=',
    'https://evil.example/?next=https://land.example/',
    'ftp://land.example/p?token=',
    'javascript:alert(1)//land.example',
    '/p?token=',
    'land.example/p?token=',
    'https://',
    'not a url',
    '',
  ])('leaves %j unchanged', (url) => {
    expect(withSessionToken(url, 'T', hosts)).toBe(url)
  })

  it('adds nothing without a token or without operator hosts', () => {
    expect(withSessionToken('https://land.example/p?token=', '', hosts)).toBe('https://land.example/p?token=')
    expect(withSessionToken('https://land.example/p?token=', 'T', [])).toBe('https://land.example/p?token=')
    expect(withSessionToken('https://land.example/p', 'T', ['', 'not a host/'])).toBe('https://land.example/p')
  })

  it('encodes the token', () => {
    expect(withSessionToken('https://land.example/p', 'a+b/c=&d', hosts)).toBe(
      'https://land.example/p?token=a%2Bb%2Fc%3D%26d',
    )
  })
})

describe('operatorHosts', () => {
  it('collects the LAND and H5SHAREURL hosts only', () => {
    const config = {
      domain: [
        { type: 'IMAGE' as const, urls: ['https://img.example'] },
        { type: 'LAND' as const, urls: ['https://Land.example/', 'https://land2.example:444/a', 'bad url'] },
        { type: 'API' as const, urls: ['https://api.example'] },
        { type: 'H5SHAREURL' as const, urls: ['https://share.example', 'https://land.example/other'] },
      ],
    }
    expect(operatorHosts(config)).toEqual(['land.example', 'land2.example', 'share.example'])
    expect(operatorHosts({ domain: [] })).toEqual([])
  })
})
