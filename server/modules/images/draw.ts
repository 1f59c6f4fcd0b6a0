import sharp from 'sharp'

/**
 * Demo pictures drawn by the project (SVG rendered and encoded by sharp), never downloaded:
 * a gradient sky in the item's own hue with a sun and one of a few landscapes, plus a play
 * mark on video covers. No text, so the result does not depend on the fonts installed.
 */
type DrawFormat = 'jpeg' | 'webp' | 'png'
export type Scene = 'mountains' | 'waves' | 'city' | 'bubbles' | 'dunes'
export const SCENES: readonly Scene[] = ['mountains', 'waves', 'city', 'bubbles', 'dunes']

export interface Drawing {
  width: number
  height: number
  /** 0–359. */
  hue: number
  scene: Scene
  /** A round play mark in the middle (video covers). */
  play?: boolean
  format: DrawFormat
}

/** #rrggbb for an HSL colour (librsvg's CSS colour support varies by version; hex does not). */
function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100
  const l = lightness / 100
  const k = (n: number) => (n + hue / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

function scenePath(scene: Scene, w: number, h: number, hue: number): string {
  const ground = hsl((hue + 20) % 360, 45, 22)
  const far = hsl((hue + 350) % 360, 35, 38)
  switch (scene) {
    case 'mountains':
      return (
        `<path d="M0 ${h * 0.75} L${w * 0.2} ${h * 0.45} L${w * 0.38} ${h * 0.68} L${w * 0.6} ${h * 0.35} ` +
        `L${w * 0.85} ${h * 0.62} L${w} ${h * 0.5} V${h} H0Z" fill="${far}" opacity="0.85"/>` +
        `<path d="M0 ${h * 0.85} L${w * 0.3} ${h * 0.62} L${w * 0.55} ${h * 0.82} L${w * 0.8} ${h * 0.66} ` +
        `L${w} ${h * 0.8} V${h} H0Z" fill="${ground}"/>`
      )
    case 'waves': {
      const wave = (y: number, amp: number) =>
        `M0 ${y} Q${w * 0.125} ${y - amp} ${w * 0.25} ${y} T${w * 0.5} ${y} T${w * 0.75} ${y} T${w} ${y} V${h} H0Z`
      return (
        `<path d="${wave(h * 0.66, h * 0.06)}" fill="${hsl((hue + 190) % 360, 55, 45)}" opacity="0.8"/>` +
        `<path d="${wave(h * 0.78, h * 0.05)}" fill="${hsl((hue + 200) % 360, 60, 30)}"/>`
      )
    }
    case 'city': {
      let blocks = ''
      const n = 9
      for (let i = 0; i < n; i++) {
        const bw = w / n
        const bh = h * (0.25 + ((i * 37) % 40) / 100)
        blocks += `<rect x="${i * bw + 2}" y="${h - bh}" width="${bw - 4}" height="${bh}" fill="${i % 2 ? ground : far}"/>`
      }
      return blocks
    }
    case 'bubbles': {
      let circles = ''
      for (let i = 0; i < 7; i++) {
        const r = Math.min(w, h) * (0.06 + (i % 3) * 0.05)
        circles += `<circle cx="${((i * 53) % 100) * w * 0.01}" cy="${h * (0.35 + ((i * 29) % 60) / 100)}" r="${r}" fill="${hsl((hue + i * 40) % 360, 70, 65)}" opacity="0.55"/>`
      }
      return circles
    }
    case 'dunes':
      return (
        `<path d="M0 ${h * 0.7} C${w * 0.3} ${h * 0.55} ${w * 0.5} ${h * 0.85} ${w} ${h * 0.6} V${h} H0Z" fill="${hsl((hue + 30) % 360, 60, 50)}"/>` +
        `<path d="M0 ${h * 0.85} C${w * 0.4} ${h * 0.7} ${w * 0.7} ${h * 0.95} ${w} ${h * 0.8} V${h} H0Z" fill="${ground}"/>`
      )
  }
}

function drawingSvg(d: Drawing): string {
  const { width: w, height: h, hue } = d
  const r = Math.min(w, h)
  const play = d.play
    ? `<circle cx="${w / 2}" cy="${h / 2}" r="${r * 0.14}" fill="#000" opacity="0.35"/>` +
      `<path d="M${w / 2 - r * 0.045} ${h / 2 - r * 0.07} L${w / 2 + r * 0.075} ${h / 2} L${w / 2 - r * 0.045} ${h / 2 + r * 0.07}Z" fill="#fff" opacity="0.9"/>`
    : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, 70, 62)}"/><stop offset="1" stop-color="${hsl((hue + 40) % 360, 65, 35)}"/>` +
    `</linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<circle cx="${w * 0.75}" cy="${h * 0.28}" r="${r * 0.12}" fill="${hsl((hue + 180) % 360, 85, 80)}" opacity="0.9"/>` +
    scenePath(d.scene, w, h, hue) +
    play +
    `</svg>`
  )
}

/** The drawing encoded in its format. */
export async function draw(d: Drawing): Promise<Uint8Array> {
  const image = sharp(Buffer.from(drawingSvg(d)))
  const encoded =
    d.format === 'jpeg'
      ? image.jpeg({ quality: 78 })
      : d.format === 'webp'
        ? image.webp({ quality: 72 })
        : image.png({ compressionLevel: 6 })
  return new Uint8Array(await encoded.toBuffer())
}
