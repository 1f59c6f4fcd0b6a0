/**
 * Writes the app icons into public/icons/ with nothing but node:zlib: a rounded black
 * tile with a pink play mark, plus a full-bleed maskable variant whose mark stays inside
 * the 80 % safe zone. Run once with `npx tsx scripts/make-icons.ts`; the output is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const BACKGROUND = [0x11, 0x11, 0x11] as const
const ACCENT = [0xff, 0x3f, 0x7c] as const

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function png(size: number, pixel: (x: number, y: number) => readonly [number, number, number, number]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1)
    raw[row] = 0 // filter: none
    for (let x = 0; x < size; x++) raw.set(pixel(x + 0.5, y + 0.5), row + 1 + x * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Inside a right-pointing triangle centred on (cx, cy) with half-height r. */
function inPlayMark(x: number, y: number, cx: number, cy: number, r: number): boolean {
  const left = cx - r * 0.75
  const right = cx + r
  if (x < left || x > right) return false
  const halfHeight = r * ((right - x) / (right - left))
  return Math.abs(y - cy) <= halfHeight
}

function inRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  const dx = Math.max(radius - x, 0, x - (size - radius))
  const dy = Math.max(radius - y, 0, y - (size - radius))
  return dx * dx + dy * dy <= radius * radius
}

function icon(size: number, maskable: boolean): Buffer {
  const c = size / 2
  const markRadius = size * (maskable ? 0.22 : 0.3)
  return png(size, (x, y) => {
    if (!maskable && !inRoundedSquare(x, y, size, size * 0.22)) return [0, 0, 0, 0]
    if (inPlayMark(x, y, c + markRadius * 0.1, c, markRadius)) return [...ACCENT, 255]
    return [...BACKGROUND, 255]
  })
}

const out = new URL('../public/icons/', import.meta.url)
mkdirSync(out, { recursive: true })
writeFileSync(new URL('icon-192.png', out), icon(192, false))
writeFileSync(new URL('icon-512.png', out), icon(512, false))
writeFileSync(new URL('maskable-512.png', out), icon(512, true))
writeFileSync(new URL('apple-touch-icon.png', out), icon(180, true))
console.log('icons written to public/icons/')
