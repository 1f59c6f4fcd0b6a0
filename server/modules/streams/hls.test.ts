import { describe, expect, it } from 'vitest'
import { classifyHlsFile, parseVideoId, rewritePlaylist } from './hls.ts'
import { parseRange } from './routes.ts'

describe('classifyHlsFile', () => {
  it.each([
    ['master.m3u8', 'master'],
    ['360p/index.m3u8', 'variant'],
    ['1080p/seg_000.ts', 'segment'],
    ['120p/seg_123456.ts', 'segment'],
    ['preview/index.m3u8', 'preview'],
    ['preview/seg_000.ts', 'preview-segment'],
    ['preview/master.m3u8', null],
    ['preview/../120p/index.m3u8', null],
    ['previews/index.m3u8', null],
    ['preview/seg_0.ts', null],
    ['../master.m3u8', null],
    ['120p/../master.m3u8', null],
    ['120p/../../etc/passwd', null],
    ['..\\master.m3u8', null],
    ['/etc/passwd', null],
    ['120p//seg_000.ts', null],
    ['120p/seg_000.ts/', null],
    ['120p/seg_00.ts', null],
    ['120p/seg_000.ts\u0000', null],
    ['0120p/index.m3u8', null],
    ['p/index.m3u8', null],
    ['120p/key', null],
    ['index.json', null],
    ['MASTER.M3U8', null],
    ['', null],
  ])('%j → %s', (name, kind) => {
    expect(classifyHlsFile(name)).toBe(kind)
  })
})

describe('parseVideoId', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['0', null],
    ['01', null],
    ['-1', null],
    ['1.0', null],
    ['1e3', null],
    ['', null],
  ])('%j → %s', (text, id) => {
    expect(parseVideoId(text)).toBe(id)
  })
})

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'bad'],
    ['bytes=5-4', 'bad'],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
    ['bytes=-', null],
  ])('%j of 1000 bytes → %j', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range)
  })
})

describe('rewritePlaylist', () => {
  const master =
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n120p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\n180p/index.m3u8\n'
  const media = [
    '#EXTM3U',
    '#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x000102030405060708090a0b0c0d0e0f',
    '#EXTINF:2.0,',
    'seg_000.ts',
    '#EXT-X-ENDLIST',
    '',
  ].join('\n')

  it('points the key at the video key endpoint and leaves the rest as it is without a token', () => {
    expect(rewritePlaylist(master, 7, null)).toBe(master)
    expect(rewritePlaylist(media, 7, null)).toBe(media.replace('URI="key"', 'URI="/api/media/key/7"'))
  })

  it('adds the encoded token to playlists and the key, never to segments', () => {
    expect(rewritePlaylist(master, 7, 'a b')).toBe(
      master
        .replace('120p/index.m3u8', '120p/index.m3u8?pt=a%20b')
        .replace('180p/index.m3u8', '180p/index.m3u8?pt=a%20b'),
    )
    const out = rewritePlaylist(media, 7, 'tok')
    expect(out).toContain(
      '#EXT-X-KEY:METHOD=AES-128,URI="/api/media/key/7?pt=tok",IV=0x000102030405060708090a0b0c0d0e0f',
    )
    expect(out).toContain('\nseg_000.ts\n')
  })
})
