import { crc32, deflateSync } from 'node:zlib'

/** An RGB PNG drawn pixel by pixel: demo covers and test images made by the project, not downloaded. */
export function makePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Uint8Array<ArrayBuffer> {
  const stride = 1 + width * 3
  const raw = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    // Each row starts with filter type 0 (none).
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y)
      raw[y * stride + 1 + x * 3] = r
      raw[y * stride + 2 + x * 3] = g
      raw[y * stride + 3 + x * 3] = b
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit depth, truecolour, deflate, adaptive filtering, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength))
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}
