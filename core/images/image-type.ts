/**
 * Content-type sniffing by magic bytes. Only the leading bytes are looked at: a truncated
 * file still sniffs as its type, and nothing here checks that an image is complete.
 */

const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const GIF8 = [0x47, 0x49, 0x46, 0x38] // "GIF8", then "7a" or "9a"
const RIFF = [0x52, 0x49, 0x46, 0x46]
const WEBP = [0x57, 0x45, 0x42, 0x50]
const FTYP = [0x66, 0x74, 0x79, 0x70]
const AVIF = [0x61, 0x76, 0x69, 0x66]
const AVIS = [0x61, 0x76, 0x69, 0x73]

function has(bytes: Uint8Array, at: number, magic: readonly number[]): boolean {
  if (bytes.length < at + magic.length) return false
  for (let i = 0; i < magic.length; i++) if (bytes[at + i] !== magic[i]) return false
  return true
}

/**
 * The formats that pass through the descrambler unchanged: JPEG, PNG, GIF and WebP
 * (RIFF....WEBP); see docs/protocol.md, "Images".
 */
export function plainImageType(bytes: Uint8Array): string | null {
  if (has(bytes, 0, JPEG)) return 'image/jpeg'
  if (has(bytes, 0, PNG)) return 'image/png'
  if (has(bytes, 0, GIF8) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif'
  if (has(bytes, 0, RIFF) && has(bytes, 8, WEBP)) return 'image/webp'
  return null
}

/**
 * The image type of (already descrambled) bytes, or null when they are not a known image.
 * AVIF (an ISO-BMFF `ftyp` box with major brand avif/avis) is recognised for the content
 * type, but it is not a plain-passthrough format: a plain AVIF would be head-descrambled.
 */
export function sniffImageType(bytes: Uint8Array): string | null {
  const plain = plainImageType(bytes)
  if (plain) return plain
  if (has(bytes, 4, FTYP) && (has(bytes, 8, AVIF) || has(bytes, 8, AVIS))) return 'image/avif'
  return null
}
