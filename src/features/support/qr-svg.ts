import QRCode from 'qrcode'

/** A link as a QR code's SVG text; loaded with the first code shown (qr-image.tsx). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
}
