import { describe, expect, it } from 'vitest'
import { bytesToHex } from '../protocol/crypto.ts'
import { IMAGE_HEAD_LENGTH, IMAGE_OFFSET_START } from '../protocol/defaults.ts'
import {
  DEV_IMAGE_KEYS,
  createImageKeys,
  descramble,
  detectScheme,
  hexToBytes,
  xorHeadInPlace,
  xorInPlace,
  type ImageKeys,
} from './descramble.ts'
import { plainImageType, sniffImageType } from './image-type.ts'
import vectors from './vectors.json' with { type: 'json' }

const keysOf = (v: (typeof vectors.cases)[number]['keys']): ImageKeys =>
  createImageKeys({
    xorByte: v.xorByte,
    headKey: v.headKeyHex,
    xorMarker: v.xorMarkerHex,
    offsetMarker: v.offsetMarkerHex,
  })

/** Deterministic pseudo-random bytes (xorshift32), so failures reproduce. */
function noise(length: number, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length)
  let x = seed >>> 0 || 1
  for (let i = 0; i < length; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    bytes[i] = x & 0xff
  }
  return bytes
}

const JPEG_HEAD = hexToBytes('ffd8ffe000104a46494600010100000100010000')
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
const jpegOf = (length: number) => concat(JPEG_HEAD, noise(Math.max(0, length - JPEG_HEAD.length))).subarray(0, length)

function naiveXor(bytes: Uint8Array, byte: number): Uint8Array {
  return bytes.map((b) => b ^ byte)
}
function naiveHead(bytes: Uint8Array, key: Uint8Array): Uint8Array {
  return bytes.map((b, i) => (i < 100 ? b ^ key[i % key.length]! : b))
}

describe('golden vectors (made with Buffer and node:crypto)', () => {
  it.each(vectors.cases)('$name', (v) => {
    const keys = keysOf(v.keys)
    for (const [scheme, hex] of [
      ['marker', v.markerHex],
      ['head', v.headHex],
      ['offset', v.offsetHex],
      ['plain', v.plainHex],
    ] as const) {
      const result = descramble(hexToBytes(hex), keys)
      expect({ scheme: result.scheme, hex: bytesToHex(result.bytes), contentType: result.contentType }).toEqual({
        scheme,
        hex: v.plainHex,
        contentType: v.contentType,
      })
    }
  })
})

describe('descramble', () => {
  it('works in place: the result is a view of the input buffer, no copy', () => {
    const v = vectors.cases[1]!
    const input = hexToBytes(v.markerHex)
    const result = descramble(input, keysOf(v.keys))
    expect(result.bytes.buffer).toBe(input.buffer)
    expect(result.bytes.byteOffset).toBe(6)
    const head = hexToBytes(v.headHex)
    expect(descramble(head, keysOf(v.keys)).bytes).toBe(head)
  })

  it.each([
    ['jpeg', jpegOf(300), 'image/jpeg'],
    ['png', hexToBytes('89504e470d0a1a0a0000000d49484452'), 'image/png'],
    ['gif87a', hexToBytes('474946383761010001000000'), 'image/gif'],
    ['gif89a', hexToBytes('474946383961010001000000'), 'image/gif'],
    ['webp', hexToBytes('524946461a000000574542505650384c'), 'image/webp'],
  ])('passes a plain %s through untouched', (_, bytes, contentType) => {
    const before = bytesToHex(bytes)
    const result = descramble(bytes, DEV_IMAGE_KEYS)
    expect(result).toMatchObject({ scheme: 'plain', contentType })
    expect(result.bytes).toBe(bytes)
    expect(bytesToHex(bytes)).toBe(before)
  })

  it('head-descrambles a plain AVIF (not a passthrough format) but sniffs a descrambled one', () => {
    const avif = hexToBytes('0000001c667479706176696600000000')
    expect(sniffImageType(avif)).toBe('image/avif')
    expect(plainImageType(avif)).toBeNull()
    const scrambled = naiveHead(avif, DEV_IMAGE_KEYS.headKey)
    expect(descramble(Uint8Array.from(scrambled), DEV_IMAGE_KEYS)).toMatchObject({
      scheme: 'head',
      contentType: 'image/avif',
    })
  })

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 99, 100, 101, 163, 164, 1000, 4096 + 3])(
    'round-trips every scheme at %i image bytes (head: only the first 100 bytes change)',
    (length) => {
      const image = jpegOf(length)
      // The marker and offset schemes carry anything; the head scheme needs a plain-looking start.
      const marker = concat(DEV_IMAGE_KEYS.xorMarker, naiveXor(image, DEV_IMAGE_KEYS.xorByte))
      const offset = concat(DEV_IMAGE_KEYS.offsetMarker, noise(IMAGE_OFFSET_START - 6, length + 7), image)
      expect(bytesToHex(descramble(marker, DEV_IMAGE_KEYS).bytes)).toBe(bytesToHex(image))
      expect(bytesToHex(descramble(offset, DEV_IMAGE_KEYS).bytes)).toBe(bytesToHex(image))
      if (length >= 3) {
        const head = naiveHead(image, DEV_IMAGE_KEYS.headKey)
        expect(bytesToHex(head.subarray(IMAGE_HEAD_LENGTH))).toBe(bytesToHex(image.subarray(IMAGE_HEAD_LENGTH)))
        const result = descramble(head, DEV_IMAGE_KEYS)
        expect(result.scheme).toBe('head')
        expect(bytesToHex(result.bytes)).toBe(bytesToHex(image))
      }
    },
  )

  it('XORs all of a head-scheme file shorter than 100 bytes, and exactly 100 of a 100-byte one', () => {
    for (const length of [1, 50, 99, 100]) {
      const bytes = noise(length, 3)
      bytes[0] = 0x00 // not a plain magic
      const expected = naiveHead(bytes, DEV_IMAGE_KEYS.headKey)
      const result = descramble(Uint8Array.from(bytes), DEV_IMAGE_KEYS)
      expect(result.scheme).toBe('head')
      expect(bytesToHex(result.bytes)).toBe(bytesToHex(expected))
    }
  })

  it('gives an empty image with no content type for a marker alone', () => {
    expect(descramble(Uint8Array.from(DEV_IMAGE_KEYS.xorMarker), DEV_IMAGE_KEYS)).toEqual({
      bytes: new Uint8Array(0),
      scheme: 'marker',
      contentType: null,
    })
    expect(descramble(Uint8Array.from(DEV_IMAGE_KEYS.offsetMarker), DEV_IMAGE_KEYS)).toEqual({
      bytes: new Uint8Array(0),
      scheme: 'offset',
      contentType: null,
    })
  })

  it('gives an empty image for an offset file cut inside its filler', () => {
    const cut = concat(DEV_IMAGE_KEYS.offsetMarker, noise(100)) // 106 bytes < 163
    expect(descramble(cut, DEV_IMAGE_KEYS)).toMatchObject({ scheme: 'offset', contentType: null })
    expect(descramble(cut, DEV_IMAGE_KEYS).bytes.length).toBe(0)
  })

  it('treats empty input as plain, with no content type', () => {
    expect(descramble(new Uint8Array(0), DEV_IMAGE_KEYS)).toEqual({
      bytes: new Uint8Array(0),
      scheme: 'plain',
      contentType: null,
    })
  })

  it('does not take a partial marker for a marker (the file is head-descrambled)', () => {
    const partial = DEV_IMAGE_KEYS.xorMarker.slice(0, 5)
    expect(detectScheme(partial, DEV_IMAGE_KEYS)).toBe('head')
    expect(descramble(partial, DEV_IMAGE_KEYS).contentType).toBeNull()
  })

  it('descrambles truncated images as far as they go; the content type comes from the magic', () => {
    const image = jpegOf(500).subarray(0, 3) // just FF D8 FF
    const marker = concat(DEV_IMAGE_KEYS.xorMarker, naiveXor(image, DEV_IMAGE_KEYS.xorByte))
    expect(descramble(marker, DEV_IMAGE_KEYS)).toMatchObject({ scheme: 'marker', contentType: 'image/jpeg' })
    // A head-scrambled PNG cut after 5 bytes no longer has a whole signature.
    const png = naiveHead(hexToBytes('89504e470d'), DEV_IMAGE_KEYS.headKey)
    const result = descramble(png, DEV_IMAGE_KEYS)
    expect(bytesToHex(result.bytes)).toBe('89504e470d')
    expect(result.contentType).toBeNull()
  })

  it('answers null for bytes that are not an image (an HTML error page)', () => {
    const html = new TextEncoder().encode('<!doctype html><title>404</title>')
    expect(descramble(html, DEV_IMAGE_KEYS)).toMatchObject({ scheme: 'head', contentType: null })
  })

  it('handles views at unaligned byte offsets of a larger buffer', () => {
    const image = jpegOf(10_000)
    for (const start of [1, 2, 3, 4, 5]) {
      const backing = new Uint8Array(start + 6 + image.length + 3).fill(0xee)
      backing.set(DEV_IMAGE_KEYS.xorMarker, start)
      backing.set(naiveXor(image, DEV_IMAGE_KEYS.xorByte), start + 6)
      const view = backing.subarray(start, start + 6 + image.length)
      const result = descramble(view, DEV_IMAGE_KEYS)
      expect(bytesToHex(result.bytes)).toBe(bytesToHex(image))
      // Neither the bytes before the view nor after it were touched.
      expect(Array.from(backing.subarray(0, start))).toEqual(Array(start).fill(0xee))
      expect(Array.from(backing.subarray(start + 6 + image.length))).toEqual([0xee, 0xee, 0xee])
    }
  })
})

describe('xorInPlace', () => {
  it('agrees with a byte loop on large random buffers, every alignment and length, bytes above 0x7f', () => {
    for (const [length, byte] of [
      [1 << 20, 0x5a],
      [100_003, 0xff],
      [65_536 + 7, 0x80],
      [33, 0xc3],
    ] as const) {
      const data = noise(length + 8, length)
      for (let start = 0; start < 4; start++) {
        for (const cut of [0, 1, 2, 3]) {
          const view = Uint8Array.from(data).subarray(start, start + length - cut)
          const expected = naiveXor(view, byte)
          xorInPlace(view, byte)
          expect(bytesToHex(view.subarray(0, 64))).toBe(bytesToHex(expected.subarray(0, 64)))
          expect(sameBytes(view, expected)).toBe(true)
        }
      }
    }
  })

  it('agrees with a byte loop at every length to 300 bytes and every alignment (the 16-word loop and its tails)', () => {
    const data = noise(300 + 8, 9)
    for (let start = 0; start < 8; start++) {
      for (let length = 0; length <= 300; length++) {
        const view = Uint8Array.from(data).subarray(start, start + length)
        const expected = naiveXor(view, 0xa5)
        xorInPlace(view, 0xa5)
        expect(sameBytes(view, expected)).toBe(true)
      }
    }
  })

  it('handles buffers smaller than one word and an XOR byte of 0', () => {
    for (let length = 0; length < 12; length++) {
      const view = noise(length + 1, length).subarray(1)
      const expected = naiveXor(view, 0x33)
      xorInPlace(view, 0x33)
      expect(Array.from(view)).toEqual(Array.from(expected))
    }
    const same = noise(64)
    xorInPlace(same, 0)
    expect(Array.from(same)).toEqual(Array.from(noise(64)))
  })
})

describe('xorHeadInPlace', () => {
  it('agrees with a byte loop for keys of any length', () => {
    for (const keyLength of [1, 3, 7, 16, 33, 150]) {
      const key = noise(keyLength, keyLength + 100)
      const data = noise(1000, keyLength)
      const expected = naiveHead(data, key)
      xorHeadInPlace(data, key)
      expect(bytesToHex(data)).toBe(bytesToHex(expected))
    }
  })
})

describe('createImageKeys', () => {
  it('fills in the default markers and accepts hex or bytes', () => {
    const keys = createImageKeys({ xorByte: 1, headKey: 'ab' })
    expect(bytesToHex(keys.xorMarker)).toBe('4d5153435231')
    expect(bytesToHex(keys.offsetMarker)).toBe('4d514f465331')
    expect(createImageKeys({ xorByte: 1, headKey: new Uint8Array([0xab]) })).toEqual(keys)
  })

  it('refuses keys that cannot work', () => {
    expect(() => createImageKeys({ xorByte: 256, headKey: 'ab' })).toThrow(/0 to 255/)
    expect(() => createImageKeys({ xorByte: 1.5, headKey: 'ab' })).toThrow(/0 to 255/)
    expect(() => createImageKeys({ xorByte: 1, headKey: '' })).toThrow(/empty/)
    expect(() => createImageKeys({ xorByte: 1, headKey: 'abc' })).toThrow(/hex/)
    expect(() => createImageKeys({ xorByte: 1, headKey: 'ab', xorMarker: '' })).toThrow(/markers/)
  })
})

describe('sniffImageType', () => {
  it.each([
    ['ffd8ff', 'image/jpeg'],
    ['ffd8', null],
    ['89504e470d0a1a0a', 'image/png'],
    ['89504e470d0a1a', null],
    ['474946383761', 'image/gif'],
    ['474946383961', 'image/gif'],
    ['474946383861', null],
    ['524946461a000000574542505650384c', 'image/webp'],
    ['524946461a00000057415645', null], // RIFF....WAVE
    ['00000020667479706176697300000000', 'image/avif'],
    ['00000020667479706d703432', null], // an MP4
    ['', null],
  ])('%s → %s', (hex, type) => {
    expect(sniffImageType(hexToBytes(hex))).toBe(type)
  })
})

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
