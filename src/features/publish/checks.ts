import {
  MAX_VIDEO_SECONDS,
  MAX_VIDEO_UPLOAD_BYTES,
  POST_PRICE_MAX,
  POST_TEXT_MAX,
} from '../../../core/contracts/community-rules.ts'
import { formatMoney } from '../../../core/format/money.ts'
import {
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMAGE_UPLOAD_MEGABYTES,
  MAX_VIDEO_UPLOAD_MEGABYTES,
} from '../../lib/chunked-upload.ts'
import { t } from '../../lib/messages-publish.ts'

/**
 * The form's checks, the same the server makes (core/contracts/community.ts), so a post that
 * would be refused says why before anything is sent. Messages, or '' when fine.
 */

/** What the server keeps of the text: trimmed; counted in characters as the server counts them. */
export function contentLength(content: string): number {
  return content.trim().length
}

export function contentError(content: string): string {
  const trimmed = content.trim()
  if (trimmed === '') return t.publish.errors.emptyContent
  if (trimmed.length > POST_TEXT_MAX) return t.publish.errors.contentTooLong(POST_TEXT_MAX)
  // Line breaks are kept; any other control character is refused (PostTextSchema).
  if (/\p{Cc}/u.test(trimmed.replace(/\r?\n/g, ''))) return t.publish.errors.controlCharacters
  return ''
}

/** The typed price in diamonds ("12.5") → cents, or an error message; blank is free. */
export function parsePrice(text: string): { cents: number } | { error: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { cents: 0 }
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(trimmed)) return { error: t.publish.errors.badPrice }
  const [whole, fraction = ''] = trimmed.split('.')
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (cents > POST_PRICE_MAX) return { error: t.publish.errors.priceTooHigh(formatMoney(POST_PRICE_MAX)) }
  return { cents }
}

/** The image types upload/img takes (it checks the bytes again). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
/** Some phones give a video no type; its name's extension says enough to try (ffprobe decides). */
const VIDEO_EXTENSION = /\.(mp4|m4v|mov|webm|mkv|3gp|avi)$/i

export function imageFileError(file: Pick<File, 'type' | 'size'>): string {
  if (!IMAGE_TYPES.has(file.type)) return t.publish.errors.notImage
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return t.upload.tooLarge(MAX_IMAGE_UPLOAD_MEGABYTES)
  return ''
}

export function videoFileError(file: Pick<File, 'type' | 'size' | 'name'>): string {
  const isVideo = file.type ? file.type.startsWith('video/') : VIDEO_EXTENSION.test(file.name)
  if (!isVideo || file.size === 0) return t.publish.errors.notVideo
  if (file.size > MAX_VIDEO_UPLOAD_BYTES) return t.upload.videoTooLarge(MAX_VIDEO_UPLOAD_MEGABYTES)
  return ''
}

/** A duration the browser read (seconds; null when it could not) checked against the server's limit. */
export function videoDurationError(seconds: number | null): string {
  return seconds !== null && seconds > MAX_VIDEO_SECONDS ? t.publish.errors.videoTooLong(MAX_VIDEO_SECONDS / 60) : ''
}

/** `m:ss` of a video's duration. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}
