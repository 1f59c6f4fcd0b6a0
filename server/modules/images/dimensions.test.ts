import { describe, expect, it } from 'vitest'
import { makePng } from './demo-png.ts'
import { imageDimensions } from './dimensions.ts'

const hex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s/g, ''), 'hex'))

describe('imageDimensions', () => {
  it.each([
    ['png', makePng(300, 2, () => [0, 0, 0]), 'image/png', { width: 300, height: 2 }],
    ['gif', hex('474946383961 2c01 c800 000000'), 'image/gif', { width: 300, height: 200 }],
    [
      // SOI, an APP0 segment to skip, a DHT (C4, not a frame) to skip, then SOF2 (progressive).
      'jpeg',
      hex('ffd8 ffe0 0004 0000 ffc4 0003 00 ffc2 0011 08 00c8 012c 03'),
      'image/jpeg',
      { width: 300, height: 200 },
    ],
    [
      'webp VP8X',
      hex('52494646 00000000 57454250 56503858 0a000000 00000000 2b0100 c70000'),
      'image/webp',
      { width: 300, height: 200 },
    ],
    [
      'webp VP8 ',
      hex('52494646 00000000 57454250 56503820 00000000 000000 9d012a 2c01 c800'),
      'image/webp',
      { width: 300, height: 200 },
    ],
    ['truncated png', makePng(3, 3, () => [0, 0, 0]).subarray(0, 20), 'image/png', null],
    ['jpeg without a frame', hex('ffd8 ffe0 0004 0000 ffd9 0000 0000 00'), 'image/jpeg', null],
    ['avif', hex('0000001c 66747970 61766966'), 'image/avif', null],
  ])('%s', (_name, bytes, type, expected) => {
    expect(imageDimensions(bytes, type)).toEqual(expected)
  })
})
