/**
 * The server's side of image scrambling (docs/protocol.md, "Images"): every stored image is
 * scrambled with one of three schemes.
 * The byte layouts are core's (core/images/descramble.ts); the golden vectors in
 * core/images/vectors.json hold both ends to them.
 */
import { randomBytes } from 'node:crypto'
import { createImageKeys, detectScheme, xorInPlace, type ImageKeys } from '../../core/images/descramble.ts'
import { sniffImageType } from '../../core/images/image-type.ts'
import {
  IMAGE_HEAD_LENGTH,
  IMAGE_MARKER_OFFSET,
  IMAGE_MARKER_XOR,
  IMAGE_OFFSET_START,
} from '../../core/protocol/defaults.ts'

export const SCRAMBLE_SCHEMES = ['marker', 'head', 'offset'] as const
export type ScrambleScheme = (typeof SCRAMBLE_SCHEMES)[number]

export class ScrambleError extends Error {
  override name = 'ScrambleError'
}

/** The keys for the configured XOR byte and head key (hex), with the default markers. */
export function imageKeysFromConfig(config: { imageXorByte: number; imageHeadKey: string }): ImageKeys {
  return createImageKeys({ xorByte: config.imageXorByte, headKey: config.imageHeadKey })
}

/**
 * Scrambles a copy of `image` (which is left as it was). Refuses bytes that do not sniff as
 * an image, and checks that the result reads back as the scheme asked for, so whatever it
 * returns descrambles to `image`. `filler` (offset scheme, bytes 6–162) is random unless given.
 */
export function scramble(
  image: Uint8Array,
  scheme: ScrambleScheme,
  keys: ImageKeys,
  options: { filler?: Uint8Array } = {},
): Uint8Array<ArrayBuffer> {
  const type = sniffImageType(image)
  if (type === null) {
    const start = Array.from(image.subarray(0, 12), (b) => b.toString(16).padStart(2, '0')).join(' ')
    throw new ScrambleError(
      `refusing to scramble ${image.length} bytes that are not a JPEG, PNG, GIF, WebP or AVIF image (they start ${start || 'with nothing'})`,
    )
  }
  let out: Uint8Array<ArrayBuffer>
  if (scheme === 'marker') {
    out = new Uint8Array(keys.xorMarker.length + image.length)
    out.set(keys.xorMarker)
    out.set(image, keys.xorMarker.length)
    xorInPlace(out.subarray(keys.xorMarker.length), keys.xorByte)
  } else if (scheme === 'offset') {
    const fillerLength = IMAGE_OFFSET_START - keys.offsetMarker.length
    const filler = options.filler ?? randomBytes(fillerLength)
    if (filler.length !== fillerLength) {
      throw new ScrambleError(`offset filler must be ${fillerLength} bytes, got ${filler.length}`)
    }
    out = new Uint8Array(IMAGE_OFFSET_START + image.length)
    out.set(keys.offsetMarker)
    out.set(filler, keys.offsetMarker.length)
    out.set(image, IMAGE_OFFSET_START)
  } else {
    out = Uint8Array.from(image)
    const key = keys.headKey
    for (let i = 0; i < Math.min(out.length, IMAGE_HEAD_LENGTH); i++) out[i] = out[i]! ^ key[i % key.length]!
  }
  const detected = detectScheme(out, keys)
  if (detected !== scheme) {
    // Only the head scheme can get here: its scrambled start happened to look plain or like a marker.
    throw new ScrambleError(
      `the image head key leaves this ${type} looking like the ${detected} scheme once scrambled, so it could not be read back; configure another IMAGE_HEAD_KEY or use another scheme`,
    )
  }
  return out
}

/**
 * Leading bytes an image of each type starts with (null: varies). AVIF's first three bytes
 * are the high bytes of the ftyp box size, zero in practice.
 */
const SOURCE_HEADERS: Record<string, readonly (number | null)[]> = {
  JPEG: [0xff, 0xd8, 0xff],
  PNG: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  GIF87a: [...ascii('GIF87a')],
  GIF89a: [...ascii('GIF89a')],
  WebP: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')],
  AVIF: [0, 0, 0, null, ...ascii('ftypavif')],
}

/** What the descrambler takes for a plain image or a marker. */
const READ_AS: Record<string, readonly (number | null)[]> = {
  'a plain JPEG': SOURCE_HEADERS.JPEG!,
  'a plain PNG': SOURCE_HEADERS.PNG!,
  'a plain GIF87a': SOURCE_HEADERS.GIF87a!,
  'a plain GIF89a': SOURCE_HEADERS.GIF89a!,
  'a plain WebP': SOURCE_HEADERS.WebP!,
  'the XOR marker': [...Buffer.from(IMAGE_MARKER_XOR, 'hex')],
  'the offset marker': [...Buffer.from(IMAGE_MARKER_OFFSET, 'hex')],
}

function ascii(text: string): number[] {
  return [...Buffer.from(text, 'latin1')]
}

/**
 * Why a head key cannot be used, or null. A key is refused when, for some image type, the
 * head-scrambled header agrees with a plain magic or a marker on every byte both fix (an
 * all-zero start, for one, leaves a JPEG looking plain). Conservative: a key is also refused
 * when the bytes that vary per file would decide; that happens for about one random key in 2^24.
 */
export function headKeyProblem(key: Uint8Array): string | null {
  if (key.length === 0) return 'the key is empty'
  for (const [sourceName, source] of Object.entries(SOURCE_HEADERS)) {
    for (const [readName, pattern] of Object.entries(READ_AS)) {
      let overlap = 0
      let agrees = true
      for (let i = 0; i < Math.min(source.length, pattern.length) && agrees; i++) {
        const s = source[i]
        const p = pattern[i]
        if (s === null || s === undefined || p === null || p === undefined) continue
        overlap++
        agrees = (s ^ key[i % key.length]!) === p
      }
      if (overlap > 0 && agrees) return `a head-scrambled ${sourceName} would start like ${readName}`
    }
  }
  return null
}
