import { describe, expect, it } from 'vitest'
import { contentRoute } from './content-route.ts'

describe('contentRoute (content types)', () => {
  it.each([
    [1, '/play/longVideo?id=42'],
    [2, '/play/longVideo?id=42'],
    [3, '/play/videoCollection?id=42'],
    [4, '/circle/postDetail?id=42'],
    [5, '/circle/circleDetail?id=42'],
    [6, '/anime/detail?id=42'],
    [8, '/reserved/detail?id=42'],
    [10, '/novel/audio?id=42'],
    ['3', '/play/videoCollection?id=42'],
    // Dating pages are permanently out of scope: never emitted.
    [7, '/notFound'],
    [9, '/notFound'],
    [0, '/notFound'],
    [11, '/notFound'],
    [-1, '/notFound'],
    [2.5, '/notFound'],
    ['', '/notFound'],
    ['abc', '/notFound'],
    [null, '/notFound'],
    [undefined, '/notFound'],
  ])('type %j → %s', (contentType, path) => {
    expect(contentRoute({ contentType, id: 42 })).toBe(path)
  })

  it('encodes the id and needs one', () => {
    expect(contentRoute({ contentType: 1, id: 'a b/c' })).toBe('/play/longVideo?id=a%20b%2Fc')
    expect(contentRoute({ contentType: 1, id: '' })).toBe('/notFound')
    expect(contentRoute({ contentType: 1 })).toBe('/notFound')
    expect(contentRoute({ contentType: 1, id: null })).toBe('/notFound')
  })

  it('never produces a dating path for any code', () => {
    for (let code = -5; code <= 100; code++) {
      expect(contentRoute({ contentType: code, id: 1 })).not.toMatch(/dating/)
    }
  })
})
