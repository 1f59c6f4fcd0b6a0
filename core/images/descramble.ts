/**
 * Image descrambling (docs/protocol.md, "Images"). Byte layouts:
 *  - marker: [6-byte XOR marker][image XOR xorByte]
 *  - offset: [6-byte offset marker][filler up to byte 162][image from byte 163]
 *  - plain:  a JPEG, PNG, GIF or WebP file as is (WebP is our addition, see image-type.ts)
 *  - head:   anything else: the first 100 bytes (all of them if fewer) XOR the repeating key
 * A marker only counts when all of its bytes are there.
 *
 * descramble() works in place: it may overwrite the input and returns a view of it, so a
 * caller hands over a buffer it does not need any more (a fetched ArrayBuffer): in Chromium
 * an extra copy of the image costs more than the XOR itself (bench/README.md).
 */
import {
  DEV_IMAGE_HEAD_KEY,
  DEV_IMAGE_XOR_BYTE,
  IMAGE_HEAD_LENGTH,
  IMAGE_MARKER_OFFSET,
  IMAGE_MARKER_XOR,
  IMAGE_OFFSET_START,
} from '../protocol/defaults.ts'
import { plainImageType, sniffImageType } from './image-type.ts'

export interface ImageKeys {
  /** 0–255. */
  readonly xorByte: number
  /** At least one byte; 16 by default. */
  readonly headKey: Uint8Array
  readonly xorMarker: Uint8Array
  readonly offsetMarker: Uint8Array
}

export type ImageScheme = 'marker' | 'head' | 'offset' | 'plain'

export interface Descrambled<T extends ArrayBufferLike> {
  /** A view of the input buffer (no copy); empty when a marker is not followed by an image. */
  bytes: Uint8Array<T>
  scheme: ImageScheme
  /** From the descrambled bytes' magic; null when they are not a known image (callers must not cache those). */
  contentType: string | null
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new TypeError(`not a hex byte string: ${JSON.stringify(hex)}`)
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** Keys with the default markers unless given; throws on a key that cannot be used. */
export function createImageKeys(options: {
  xorByte: number
  /** Bytes or hex. */
  headKey: Uint8Array | string
  xorMarker?: Uint8Array | string
  offsetMarker?: Uint8Array | string
}): ImageKeys {
  const bytes = (value: Uint8Array | string) => (typeof value === 'string' ? hexToBytes(value) : Uint8Array.from(value))
  const keys: ImageKeys = {
    xorByte: options.xorByte,
    headKey: bytes(options.headKey),
    xorMarker: bytes(options.xorMarker ?? IMAGE_MARKER_XOR),
    offsetMarker: bytes(options.offsetMarker ?? IMAGE_MARKER_OFFSET),
  }
  if (!Number.isInteger(keys.xorByte) || keys.xorByte < 0 || keys.xorByte > 255) {
    throw new RangeError(`image XOR byte must be an integer from 0 to 255, got ${options.xorByte}`)
  }
  if (keys.headKey.length === 0) throw new RangeError('image head key must not be empty')
  for (const marker of [keys.xorMarker, keys.offsetMarker]) {
    if (marker.length === 0 || marker.length > IMAGE_OFFSET_START) {
      throw new RangeError(`image markers must be 1 to ${IMAGE_OFFSET_START} bytes long`)
    }
  }
  return keys
}

export const DEV_IMAGE_KEYS: ImageKeys = createImageKeys({ xorByte: DEV_IMAGE_XOR_BYTE, headKey: DEV_IMAGE_HEAD_KEY })

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false
  return true
}

/** Which layout the bytes are in, without touching them. Empty input counts as plain. */
export function detectScheme(bytes: Uint8Array, keys: ImageKeys): ImageScheme {
  if (startsWith(bytes, keys.xorMarker)) return 'marker'
  if (startsWith(bytes, keys.offsetMarker)) return 'offset'
  if (bytes.length === 0 || plainImageType(bytes) !== null) return 'plain'
  return 'head'
}

/**
 * XORs every byte with `byte`, in place. The aligned middle goes through a BigInt64Array view
 * sixteen words per iteration: V8 compiles 64-bit BigInt XOR on typed arrays to plain machine
 * words, and at sixteen the loop runs as fast as one that only loads and stores, so the XOR no
 * longer limits it (figures in bench/README.md). The word holds the byte in all eight lanes, so
 * it is the same on little- and big-endian machines. The bytes before the first 8-byte-aligned
 * address and after the last whole word go one at a time, so views at any byteOffset work.
 */
export function xorInPlace(bytes: Uint8Array, byte: number): void {
  const b = byte & 0xff
  const n = bytes.length
  let i = 0
  const lead = Math.min(n, -bytes.byteOffset & 7)
  for (; i < lead; i++) bytes[i] = bytes[i]! ^ b
  const count = (n - i) >>> 3
  if (count > 0) {
    const words = new BigInt64Array(bytes.buffer, bytes.byteOffset + i, count)
    const k = BigInt.asIntN(64, BigInt(b) * 0x0101010101010101n)
    const unrolled = count & ~15
    let w = 0
    for (; w < unrolled; w += 16) {
      words[w] = words[w]! ^ k
      words[w + 1] = words[w + 1]! ^ k
      words[w + 2] = words[w + 2]! ^ k
      words[w + 3] = words[w + 3]! ^ k
      words[w + 4] = words[w + 4]! ^ k
      words[w + 5] = words[w + 5]! ^ k
      words[w + 6] = words[w + 6]! ^ k
      words[w + 7] = words[w + 7]! ^ k
      words[w + 8] = words[w + 8]! ^ k
      words[w + 9] = words[w + 9]! ^ k
      words[w + 10] = words[w + 10]! ^ k
      words[w + 11] = words[w + 11]! ^ k
      words[w + 12] = words[w + 12]! ^ k
      words[w + 13] = words[w + 13]! ^ k
      words[w + 14] = words[w + 14]! ^ k
      words[w + 15] = words[w + 15]! ^ k
    }
    for (; w < count; w++) words[w] = words[w]! ^ k
    i += count << 3
  }
  for (; i < n; i++) bytes[i] = bytes[i]! ^ b
}

/** XORs the first 100 bytes (or all, if fewer) with the repeating key, in place. A byte loop: it is 100 bytes. */
export function xorHeadInPlace(bytes: Uint8Array, key: Uint8Array): void {
  const end = Math.min(bytes.length, IMAGE_HEAD_LENGTH)
  const length = key.length
  for (let i = 0, k = 0; i < end; i++, k = k + 1 === length ? 0 : k + 1) bytes[i] = bytes[i]! ^ key[k]!
}

/**
 * Undoes whichever scheme the bytes are in. Overwrites the input (marker and head schemes)
 * and returns a view of it. Edge cases, all without throwing:
 *  - empty input: plain, empty, contentType null;
 *  - a marker alone, or an offset file shorter than 164 bytes: empty bytes, contentType null;
 *  - fewer than 100 bytes in the head scheme: all of them are XORed;
 *  - a truncated image: descrambled as far as it goes; contentType still comes from its magic;
 *  - bytes that are not an image: contentType null (e.g. an HTML error page, head-XORed).
 */
export function descramble<T extends ArrayBufferLike>(bytes: Uint8Array<T>, keys: ImageKeys): Descrambled<T> {
  const scheme = detectScheme(bytes, keys)
  let image = bytes
  if (scheme === 'marker') {
    image = bytes.subarray(keys.xorMarker.length)
    xorInPlace(image, keys.xorByte)
  } else if (scheme === 'offset') {
    image = bytes.subarray(IMAGE_OFFSET_START)
  } else if (scheme === 'head') {
    xorHeadInPlace(bytes, keys.headKey)
  }
  return { bytes: image, scheme, contentType: sniffImageType(image) }
}
