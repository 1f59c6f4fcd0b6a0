import { describe, expect, it } from 'vitest'
import {
  parseAttributes,
  parseMasterPlaylist,
  parseMediaPlaylist,
  PlaylistError,
  writeMasterPlaylist,
} from './playlist.ts'

describe('parseAttributes', () => {
  it('reads quoted values with commas, hex and plain values', () => {
    expect(parseAttributes('METHOD=AES-128,URI="/k?a=1,b=2",IV=0x0F')).toEqual({
      METHOD: 'AES-128',
      URI: '/k?a=1,b=2',
      IV: '0x0F',
    })
  })

  it('rejects text that is not an attribute list', () => {
    expect(() => parseAttributes('METHOD=AES-128,garbage')).toThrow(PlaylistError)
  })
})

describe('parseMediaPlaylist', () => {
  const text = [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:4',
    '#EXT-X-MEDIA-SEQUENCE:7',
    '#EXT-X-KEY:METHOD=AES-128,URI="/key/1",IV=0x000102030405060708090a0b0c0d0e0f',
    '#EXTINF:4.000000,',
    'a.ts',
    '#EXT-X-KEY:METHOD=NONE',
    '#EXTINF:3.5,',
    'b.ts',
    '#EXT-X-ENDLIST',
  ].join('\n')

  it('gives each segment its duration, sequence number and the key in force', () => {
    const playlist = parseMediaPlaylist(text)
    expect(playlist).toMatchObject({ targetDuration: 4, mediaSequence: 7, endList: true })
    expect(playlist.segments.map((s) => [s.uri, s.duration, s.sequence, s.key?.method ?? null])).toEqual([
      ['a.ts', 4, 7, 'AES-128'],
      ['b.ts', 3.5, 8, null],
    ])
    expect(Array.from(playlist.segments[0]?.key?.iv ?? [])).toEqual(Array.from({ length: 16 }, (_, i) => i))
  })

  it('rejects a file without #EXTM3U and a segment without EXTINF', () => {
    expect(() => parseMediaPlaylist('a.ts')).toThrow(PlaylistError)
    expect(() => parseMediaPlaylist('#EXTM3U\na.ts')).toThrow(/no EXTINF/)
  })
})

describe('writeMasterPlaylist', () => {
  it('round-trips through parseMasterPlaylist', () => {
    const variant = {
      uri: '360p/index.m3u8',
      bandwidth: 900_000,
      averageBandwidth: 800_000,
      width: 640,
      height: 360,
      codecs: 'avc1.4d401e,mp4a.40.2',
      frameRate: 25,
    }
    expect(parseMasterPlaylist(writeMasterPlaylist([variant]))).toEqual([
      {
        uri: '360p/index.m3u8',
        attributes: {
          BANDWIDTH: '900000',
          'AVERAGE-BANDWIDTH': '800000',
          RESOLUTION: '640x360',
          CODECS: 'avc1.4d401e,mp4a.40.2',
          'FRAME-RATE': '25.000',
        },
      },
    ])
  })
})
