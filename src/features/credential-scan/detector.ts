import type { BarcodeDetector as BarcodeDetectorPonyfill } from 'barcode-detector/ponyfill'
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url'

/** Reads QR codes from a video frame or a decoded image. */
export interface QrDetector {
  detect(source: HTMLVideoElement | ImageBitmap): Promise<string[]>
}

let shared: Promise<QrDetector> | undefined

/**
 * The browser's BarcodeDetector where it reads QR codes (Chromium on Android, macOS), else the
 * ZXing polyfill, downloaded only then. Its wasm comes from this app's own build (Vite's `?url`),
 * never from the CDN the library defaults to.
 */
export function qrDetector(): Promise<QrDetector> {
  shared ??= createDetector().catch((error: unknown) => {
    shared = undefined
    throw error
  })
  return shared
}

async function createDetector(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: typeof BarcodeDetectorPonyfill }).BarcodeDetector
  if (native && (await native.getSupportedFormats()).includes('qr_code'))
    return wrap(new native({ formats: ['qr_code'] }))
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill')
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasm : prefix + path),
    },
  })
  return wrap(new BarcodeDetector({ formats: ['qr_code'] }))
}

function wrap(detector: BarcodeDetectorPonyfill): QrDetector {
  return { detect: async (source) => (await detector.detect(source)).map((code) => code.rawValue) }
}

/** The QR codes in a picked image file, decoded on this device. */
export async function readQrCodes(file: Blob): Promise<string[]> {
  const [detector, bitmap] = await Promise.all([qrDetector(), createImageBitmap(file)])
  try {
    return await detector.detect(bitmap)
  } finally {
    bitmap.close()
  }
}
