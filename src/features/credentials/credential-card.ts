import QRCode from 'qrcode'
import { drawQrModules } from '../../lib/canvas-image.ts'

/** What the card shows besides the code. */
export interface CardText {
  appName: string
  userId: string
  nickname: string
  hint: string
}

const CARD_WIDTH = 600
const CARD_HEIGHT = 860
const QR_TOP = 120
const QR_SIDE = 440
/** The blank margin a QR reader needs around the code, in modules (ISO/IEC 18004). */
const QUIET_MODULES = 4

/** The QR symbol of exactly the credential's text; M correction survives a slightly damaged print. */
export function credentialSymbol(credential: string) {
  return QRCode.create(credential, { errorCorrectionLevel: 'M' })
}

function wrapLines(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const character of text) {
    if (line && context.measureText(line + character).width > width) {
      lines.push(line)
      line = ''
    }
    line += character
  }
  return line ? [...lines, line] : lines
}

/** Draws the credential card: app name, the QR code, user id, nickname and the keep-it-safe hint. */
export function drawCredentialCard(canvas: HTMLCanvasElement, credential: string, text: CardText): void {
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no 2d canvas')
  canvas.width = CARD_WIDTH
  canvas.height = CARD_HEIGHT
  context.fillStyle = '#fff'
  context.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT)
  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillStyle = '#d81b60'
  context.font = 'bold 44px system-ui, sans-serif'
  context.fillText(text.appName, CARD_WIDTH / 2, 70)

  const { modules } = credentialSymbol(credential)
  const cell = Math.floor(QR_SIDE / (modules.size + QUIET_MODULES * 2))
  const origin = Math.round((CARD_WIDTH - cell * modules.size) / 2)
  const top = QR_TOP + Math.round((QR_SIDE - cell * modules.size) / 2)
  context.fillStyle = '#000'
  drawQrModules(context, modules, { left: origin, top, cell })

  context.fillStyle = '#111'
  context.font = '30px system-ui, sans-serif'
  context.fillText(text.userId, CARD_WIDTH / 2, QR_TOP + QR_SIDE + 40)
  context.fillText(text.nickname, CARD_WIDTH / 2, QR_TOP + QR_SIDE + 90)
  context.fillStyle = '#555'
  context.font = '24px system-ui, sans-serif'
  wrapLines(context, text.hint, CARD_WIDTH - 80).forEach((line, index) =>
    context.fillText(line, CARD_WIDTH / 2, QR_TOP + QR_SIDE + 160 + index * 36),
  )
}
