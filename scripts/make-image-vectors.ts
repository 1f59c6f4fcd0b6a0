/**
 * Writes core/images/vectors.json with Buffer, node:zlib and node:crypto only, independently
 * of core/'s and the server's scrambling code, so both are checked against a third
 * implementation. Run once with `npx tsx scripts/make-image-vectors.ts`; the file is committed.
 * The images are made here: real PNGs (zlib + CRC), a real 1×1 GIF and WebP, and a JPEG that
 * has a real JFIF header but filler for a body (the descrambler only reads the magic).
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'

const HEAD_LENGTH = 100
const OFFSET_START = 163

/** Deterministic bytes: SHA-256 in counter mode over a label. */
function stream(label: string, length: number): Buffer {
  const blocks: Buffer[] = []
  for (let i = 0; blocks.length * 32 < length; i++) blocks.push(createHash('sha256').update(`${label}/${i}`).digest())
  return Buffer.concat(blocks).subarray(0, length)
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** An RGB PNG of the given size whose pixels come from `stream(label)`. */
function png(width: number, height: number, label: string): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit, truecolour, deflate, no filter method, no interlace
  const pixels = stream(label, width * 3 * height)
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3)
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

// A transparent 1×1 GIF89a (the classic 43-byte pixel).
const gif = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex')
// A 1×1 lossless WebP (RIFF, size 26, WEBP, VP8L chunk).
const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')
// SOI + APP0/JFIF header, then filler and EOI: JPEG magic, not a decodable picture.
const jpeg = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  stream('jpeg-body', 280),
  Buffer.from('ffd9', 'hex'),
])

const images = [
  { name: 'png 1x1 (under 100 bytes)', contentType: 'image/png', bytes: png(1, 1, 'png-1') },
  { name: 'png 24x24', contentType: 'image/png', bytes: png(24, 24, 'png-24') },
  { name: 'gif 1x1 (under 100 bytes)', contentType: 'image/gif', bytes: gif },
  { name: 'webp 1x1 (under 100 bytes)', contentType: 'image/webp', bytes: webp },
  { name: 'jpeg magic, 302 bytes', contentType: 'image/jpeg', bytes: jpeg },
]

const keySets = [
  {
    name: 'development defaults',
    xorByte: 0x5a,
    headKeyHex: '6d61727175656521696d6167652d6b79',
    xorMarkerHex: '4d5153435231',
    offsetMarkerHex: '4d514f465331',
  },
  {
    name: 'other keys (XOR byte above 0x7f)',
    xorByte: 0xc3,
    headKeyHex: stream('head-key', 16).toString('hex'),
    xorMarkerHex: '4d5153435231',
    offsetMarkerHex: '4d514f465331',
  },
]

const cases = keySets.flatMap((keys) =>
  images.map((image, i) => {
    const headKey = Buffer.from(keys.headKeyHex, 'hex')
    const xorMarker = Buffer.from(keys.xorMarkerHex, 'hex')
    const offsetMarker = Buffer.from(keys.offsetMarkerHex, 'hex')

    const marker = Buffer.concat([xorMarker, image.bytes])
    for (let j = xorMarker.length; j < marker.length; j++) marker[j]! ^= keys.xorByte

    const head = Buffer.from(image.bytes)
    for (let j = 0; j < Math.min(head.length, HEAD_LENGTH); j++) head[j]! ^= headKey[j % headKey.length]!

    const filler = stream(`filler/${keys.name}/${i}`, OFFSET_START - offsetMarker.length)
    const offset = Buffer.concat([offsetMarker, filler, image.bytes])

    return {
      name: `${image.name}, ${keys.name}`,
      keys,
      contentType: image.contentType,
      plainHex: image.bytes.toString('hex'),
      markerHex: marker.toString('hex'),
      headHex: head.toString('hex'),
      offsetFillerHex: filler.toString('hex'),
      offsetHex: offset.toString('hex'),
    }
  }),
)

const file = new URL('../core/images/vectors.json', import.meta.url)
writeFileSync(file, JSON.stringify({ cases }, null, 2) + '\n')
console.log(`wrote ${cases.length} image vectors`)
