import QRCode from 'qrcode'
import { drawQrModules } from '../../lib/canvas-image.ts'

/** What the invite poster shows. */
export interface PosterText {
  appName: string
  line: string
  /** The invite code, as 邀请码：… */
  codeLine: string
  /** The invite link the QR code holds. */
  link: string
}

const WIDTH = 600
const HEIGHT = 900
const QR_TOP = 300
const QR_SIDE = 400
/** The blank margin a QR reader needs around the code, in modules (ISO/IEC 18004). */
const QUIET_MODULES = 4

/** The QR symbol of exactly the invite link; M correction survives a slightly damaged print or screenshot. */
export function inviteSymbol(link: string) {
  return QRCode.create(link, { errorCorrectionLevel: 'M' })
}

/** Draws the poster: app name, a line of text, the QR code of the invite link on white, the invite code. */
export function drawInvitePoster(canvas: HTMLCanvasElement, text: PosterText): void {
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no 2d canvas')
  canvas.width = WIDTH
  canvas.height = HEIGHT
  const background = context.createLinearGradient(0, 0, 0, HEIGHT)
  background.addColorStop(0, '#ff8fb1')
  background.addColorStop(1, '#d81b60')
  context.fillStyle = background
  context.fillRect(0, 0, WIDTH, HEIGHT)
  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillStyle = '#fff'
  context.font = 'bold 64px system-ui, sans-serif'
  context.fillText(text.appName, WIDTH / 2, 120)
  context.font = '30px system-ui, sans-serif'
  context.fillText(text.line, WIDTH / 2, 210, WIDTH - 60)

  const { modules } = inviteSymbol(text.link)
  const cell = Math.floor(QR_SIDE / (modules.size + QUIET_MODULES * 2))
  const side = cell * (modules.size + QUIET_MODULES * 2)
  const boxLeft = Math.round((WIDTH - side) / 2)
  const boxTop = QR_TOP + Math.round((QR_SIDE - side) / 2)
  context.fillStyle = '#fff'
  context.fillRect(boxLeft, boxTop, side, side)
  context.fillStyle = '#000'
  drawQrModules(context, modules, {
    left: boxLeft + QUIET_MODULES * cell,
    top: boxTop + QUIET_MODULES * cell,
    cell,
  })

  context.fillStyle = '#fff'
  context.font = 'bold 40px system-ui, sans-serif'
  context.fillText(text.codeLine, WIDTH / 2, QR_TOP + QR_SIDE + 90, WIDTH - 60)
}

/** The poster as a PNG file for the share sheet; null when the canvas gives none. */
export function posterFile(canvas: HTMLCanvasElement, fileName: string): Promise<File | null> {
  return new Promise((resolve) =>
    canvas.toBlob((blob) => resolve(blob ? new File([blob], fileName, { type: 'image/png' }) : null), 'image/png'),
  )
}
