import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEV_IMAGE_KEYS, createImageKeys, descramble } from '../../core/images/descramble.ts'
import vectors from '../../core/images/vectors.json' with { type: 'json' }
import { parseConfig } from '../config.ts'
import { SCRAMBLE_SCHEMES, ScrambleError, headKeyProblem, imageKeysFromConfig, scramble } from './scramble.ts'

const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex')
const fromHex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'))

const HEADERS: Record<string, string> = {
  jpeg: 'ffd8ffe000104a46494600010100000100010000',
  png: '89504e470d0a1a0a0000000d49484452',
  gif: '474946383961',
  webp: '524946461a000000574542505650384c',
  avif: '0000001c6674797061766966',
}

/** Deterministic bytes (SHA-256 in counter mode), so a failure reproduces. */
function stream(label: string, length: number): Buffer {
  const blocks: Buffer[] = []
  for (let i = 0; blocks.length * 32 < length; i++) blocks.push(createHash('sha256').update(`${label}/${i}`).digest())
  return Buffer.concat(blocks).subarray(0, length)
}

function imageOf(type: string, length: number): Uint8Array {
  const header = fromHex(HEADERS[type]!)
  const out = new Uint8Array(Math.max(length, header.length))
  out.set(stream(`${type}/${length}`, out.length))
  out.set(header)
  return out
}

describe('scramble against the golden vectors (made with Buffer and node:crypto)', () => {
  it.each(vectors.cases)('$name', (v) => {
    const keys = createImageKeys({
      xorByte: v.keys.xorByte,
      headKey: v.keys.headKeyHex,
      xorMarker: v.keys.xorMarkerHex,
      offsetMarker: v.keys.offsetMarkerHex,
    })
    const image = fromHex(v.plainHex)
    expect(hex(scramble(image, 'marker', keys))).toBe(v.markerHex)
    expect(hex(scramble(image, 'head', keys))).toBe(v.headHex)
    expect(hex(scramble(image, 'offset', keys, { filler: fromHex(v.offsetFillerHex) }))).toBe(v.offsetHex)
    expect(hex(image)).toBe(v.plainHex) // the input is left alone
  })
})

describe('scramble', () => {
  const sizes = [3, 6, 12, 50, 99, 100, 101, 162, 163, 164, 1000, 65_537, 1_048_576 + 3]
  it.each(Object.keys(HEADERS))(
    'round-trips %s images of varied sizes through core descramble, every scheme',
    (type) => {
      for (const length of sizes) {
        const image = imageOf(type, length)
        for (const scheme of SCRAMBLE_SCHEMES) {
          const scrambled = scramble(image, scheme, DEV_IMAGE_KEYS)
          const result = descramble(scrambled, DEV_IMAGE_KEYS)
          expect(result.scheme).toBe(scheme)
          expect(Buffer.compare(result.bytes, image)).toBe(0)
          expect(result.contentType).toBe(`image/${type}`)
        }
      }
    },
  )

  it('fills the offset scheme with fresh random bytes unless given', () => {
    const image = imageOf('png', 200)
    const a = scramble(image, 'offset', DEV_IMAGE_KEYS)
    const b = scramble(image, 'offset', DEV_IMAGE_KEYS)
    expect(a.length).toBe(163 + 200)
    expect(hex(a.subarray(6, 163))).not.toBe(hex(b.subarray(6, 163)))
    expect(() => scramble(image, 'offset', DEV_IMAGE_KEYS, { filler: new Uint8Array(3) })).toThrow(/157 bytes/)
  })

  it.each([
    ['empty input', ''],
    ['HTML', Buffer.from('<!doctype html>').toString('hex')],
    ['a truncated JPEG magic', 'ffd8'],
    ['an MP4', '00000020667479706d703432'],
    ['an already scrambled image', vectors.cases[0]!.markerHex],
  ])('refuses %s', (_, text) => {
    for (const scheme of SCRAMBLE_SCHEMES) {
      expect(() => scramble(fromHex(text), scheme, DEV_IMAGE_KEYS)).toThrow(ScrambleError)
    }
    expect(() => scramble(fromHex(text), 'head', DEV_IMAGE_KEYS)).toThrow(/not a JPEG, PNG, GIF, WebP or AVIF image/)
  })

  it('refuses a head scramble that would read back as another scheme, with a clear error', () => {
    // Leaves FF D8 FF intact: the result would pass as a plain JPEG and never be descrambled.
    const zeroStart = createImageKeys({ xorByte: 1, headKey: '000000' + '11'.repeat(13) })
    expect(() => scramble(imageOf('jpeg', 500), 'head', zeroStart)).toThrow(
      /head key leaves this image\/jpeg looking like the plain scheme/,
    )
    // Turns "GIF89a" into the XOR marker "MQSCR1".
    const gif = Buffer.from('GIF89a')
    const marker = Buffer.from('MQSCR1')
    const toMarker = createImageKeys({ xorByte: 1, headKey: gif.map((b, i) => b ^ marker[i]!) })
    expect(() => scramble(imageOf('gif', 500), 'head', toMarker)).toThrow(/looking like the marker scheme/)
    // Those keys still carry other schemes and other types.
    expect(descramble(scramble(imageOf('gif', 500), 'offset', toMarker), toMarker).scheme).toBe('offset')
    expect(descramble(scramble(imageOf('png', 500), 'head', toMarker), toMarker).scheme).toBe('head')
  })
})

describe('headKeyProblem', () => {
  it('accepts the development key and the vectors’ keys', () => {
    for (const v of vectors.cases) expect(headKeyProblem(fromHex(v.keys.headKeyHex))).toBeNull()
  })

  it('accepts ordinary keys (about one random key in 2^24 is refused)', () => {
    const refused = Array.from({ length: 2000 }, (_, i) => headKeyProblem(stream(`key/${i}`, 16))).filter(Boolean)
    expect(refused).toEqual([])
  })

  it.each([
    ['00'.repeat(16), 'JPEG would start like a plain JPEG'],
    ['000000' + 'ff'.repeat(13), 'JPEG would start like a plain JPEG'],
    // FF D8 FF → 89 50 4E: a JPEG would start like a PNG's signature.
    ['7688b1' + '00'.repeat(13), 'JPEG would start like a plain PNG'],
    ['', 'empty'],
  ])('refuses %s', (keyHex, message) => {
    expect(headKeyProblem(fromHex(keyHex))).toContain(message)
  })
})

describe('imageKeysFromConfig', () => {
  it('reads the configured XOR byte and head key', () => {
    const keys = imageKeysFromConfig(parseConfig({ IMAGE_XOR_BYTE: '0x2a', IMAGE_HEAD_KEY: 'ab'.repeat(16) }))
    expect(keys.xorByte).toBe(0x2a)
    expect(hex(keys.headKey)).toBe('ab'.repeat(16))
    expect(imageKeysFromConfig(parseConfig({}))).toEqual(DEV_IMAGE_KEYS)
  })
})
