import { describe, expect, it } from 'vitest'
import { isImageRequest, isImageUrl, mayBeImageRequest, normalizeImageOrigin, type RequestLike } from './route.ts'

const ORIGINS = ['https://img.test/', 'https://app.test/img/']

/** Node cannot construct navigate-mode or destination-bearing Requests, so the route reads a plain shape. */
function request(url: string, init: Partial<Omit<RequestLike, 'headers'>> & { headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers)
  return { method: 'GET', mode: 'no-cors', destination: 'image', ...init, url, headers } satisfies RequestLike
}

describe('normalizeImageOrigin', () => {
  it.each([
    ['https://img.test', 'https://img.test/'],
    ['https://img.test/', 'https://img.test/'],
    ['http://127.0.0.1:8080/img', 'http://127.0.0.1:8080/img/'],
    ['  https://IMG.test/a/b/  ', 'https://img.test/a/b/'],
    ['/img', 'https://app.test/img/'],
    ['https://img.test/img?x=1#y', 'https://img.test/img/'],
    ['ftp://img.test/', null],
    ['javascript:alert(1)', null],
    ['http://', null],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeImageOrigin(raw, 'https://app.test/')).toBe(expected)
  })
})

describe('isImageUrl', () => {
  it.each([
    ['https://img.test/covers/1.jpg', true],
    ['https://img.test/a', true],
    ['https://app.test/img/covers/1.jpg', true],
    ['https://app.test/imgx/1.jpg', false],
    ['https://app.test/img', false],
    ['https://app.test/other/1.jpg', false],
    ['http://img.test/covers/1.jpg', false],
    ['https://img.test.evil/1.jpg', false],
    ['https://img.test/api/app/ping', false],
    ['https://img.test/api', false],
    ['https://img.test/v/index.m3u8', false],
    ['https://img.test/v/seg1.ts', false],
    ['https://img.test/v/seg1.m4s', false],
    ['https://img.test/hls/key.bin', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isImageUrl(url, ORIGINS)).toBe(expected)
  })

  it('matches nothing without origins', () => {
    expect(isImageUrl('https://img.test/1.jpg', [])).toBe(false)
  })
})

describe('isImageRequest', () => {
  const url = 'https://img.test/covers/1.jpg'
  it.each([
    ['an <img> load', request(url), true],
    ['a fetch()', request(url, { mode: 'cors', destination: '' }), true],
    ['a Range request', request(url, { headers: { Range: 'bytes=0-' } }), false],
    ['a navigation', request(url, { mode: 'navigate', destination: 'document' }), false],
    ['a POST', request(url, { method: 'POST' }), false],
    ['a HEAD', request(url, { method: 'HEAD' }), false],
    ['a video', request(url, { destination: 'video' }), false],
    ['an audio', request(url, { destination: 'audio' }), false],
    ['a track', request(url, { destination: 'track' }), false],
    ['an HLS playlist', request('https://img.test/a/index.m3u8', { destination: '' }), false],
    ['an HLS segment', request('https://img.test/a/0001.ts', { destination: '' }), false],
    ['the API', request('https://img.test/api/app/media/home', { mode: 'cors', destination: '' }), false],
    ['a foreign image', request('https://elsewhere.test/1.jpg'), false],
  ])('%s → %s', (_, req, expected) => {
    expect(isImageRequest(req, ORIGINS)).toBe(expected)
  })
})

describe('mayBeImageRequest (origins not read yet)', () => {
  it.each([
    ['an <img> load anywhere', request('https://any.test/1.jpg'), true],
    ['a fetch()', request('https://any.test/1.jpg', { destination: '' }), false],
    ['a Range <img>', request('https://any.test/1.jpg', { headers: { range: 'bytes=0-' } }), false],
    ['an <img> of the API', request('https://any.test/api/x'), false],
    ['an <img> of an HLS path', request('https://any.test/hls/x.jpg'), false],
  ])('%s → %s', (_, req, expected) => {
    expect(mayBeImageRequest(req)).toBe(expected)
  })
})
