/** Width and height read from an image's header, or null when the header does not say (AVIF, truncated). */
export function imageDimensions(bytes: Uint8Array, contentType: string): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const fits = (end: number) => end <= bytes.length
  const dims = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null)
  switch (contentType) {
    case 'image/png':
      return fits(24) ? dims(view.getUint32(16), view.getUint32(20)) : null
    case 'image/gif':
      return fits(10) ? dims(view.getUint16(6, true), view.getUint16(8, true)) : null
    case 'image/jpeg':
      return jpegDimensions(bytes, view)
    case 'image/webp':
      return webpDimensions(bytes, view)
    default:
      return null
  }
}

/** The first start-of-frame segment (SOF0–SOF15 without DHT C4, JPG C8, DAC CC). */
function jpegDimensions(bytes: Uint8Array, view: DataView) {
  let at = 2
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]!
    if (marker === 0xff) {
      at++ // fill byte
      continue
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2 // no length
      continue
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = view.getUint16(at + 5)
      const width = view.getUint16(at + 7)
      return width > 0 && height > 0 ? { width, height } : null
    }
    at += 2 + view.getUint16(at + 2)
  }
  return null
}

function webpDimensions(bytes: Uint8Array, view: DataView) {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16))
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const b1 = bytes[22]!
    const b2 = bytes[23]!
    const b3 = bytes[24]!
    return {
      width: 1 + (((b1 & 0x3f) << 8) | bytes[21]!),
      height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    }
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
    return { width: 1 + u24(24), height: 1 + u24(27) }
  }
  return null
}
