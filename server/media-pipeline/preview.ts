/**
 * The preview of a price-locked video: the first whole
 * segments of the lowest rendition, decrypted, as their own unencrypted HLS playlist under
 * `<stream>/preview/`. A viewer who has not paid plays these without ever being given the
 * stream's key; the key stays with the entitled.
 *
 * The segments are the rendition's own (the same cut, the same bytes once decrypted), so making
 * a preview needs no ffmpeg: the demo script adds previews to the committed streams this way.
 */
import { createDecipheriv } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { MediaPipelineError } from './ffmpeg.ts'
import { parseMediaPlaylist, type MediaSegment } from './playlist.ts'
import { exists } from './files.ts'

export const PREVIEW_DIR = 'preview'
export const PREVIEW_PLAYLIST = `${PREVIEW_DIR}/index.m3u8`
/** Segment durations are written with six decimals; sums may be off by rounding. */
const EPSILON = 0.001

/**
 * How many leading segments make the preview: whole segments up to `requestedSeconds` and up to
 * a third of the video, but at least one — and never all of them, so a video of one segment has
 * no preview. 0 when previews are off (`requestedSeconds` ≤ 0).
 */
export function previewSegmentCount(durations: readonly number[], requestedSeconds: number): number {
  if (!(requestedSeconds > 0) || durations.length < 2) return 0
  const total = durations.reduce((sum, duration) => sum + duration, 0)
  const limit = Math.min(requestedSeconds, total / 3)
  let count = 0
  let seconds = 0
  for (const duration of durations) {
    if (seconds + duration > limit + EPSILON) break
    seconds += duration
    count += 1
  }
  return Math.min(Math.max(1, count), durations.length - 1)
}

export interface PreviewResult {
  /** The preview's length: the sum of its segments' durations. */
  seconds: number
  segmentCount: number
  /** Relative to the stream's directory. */
  playlistPath: string
}

export interface WritePreviewOptions {
  /** The stream's directory (holds `<rendition>/index.m3u8`); `preview/` is made in it. */
  streamDir: string
  /** The rendition's directory name, e.g. `360p`: the lowest, so the preview is cheap. */
  rendition: string
  /** The stream's AES-128 key, when its segments are encrypted. */
  key?: Uint8Array
  /** PREVIEW_SECONDS: the wanted length, capped as previewSegmentCount says. */
  seconds: number
}

/** RFC 8216 §5.2: the tag's IV, else the media sequence number as a 128-bit big-endian integer. */
function ivFor(segment: MediaSegment): Uint8Array {
  if (segment.key?.iv) return segment.key.iv
  const iv = new Uint8Array(16)
  new DataView(iv.buffer).setBigUint64(8, BigInt(segment.sequence))
  return iv
}

function plain(bytes: Buffer, segment: MediaSegment, key: Uint8Array | undefined): Buffer {
  if (segment.key === null) return bytes
  if (segment.key.method !== 'AES-128') {
    throw new MediaPipelineError(`cannot make a preview of ${segment.key.method} segments`)
  }
  if (key?.length !== 16) throw new MediaPipelineError('the stream is encrypted: its 16-byte key is needed')
  const decipher = createDecipheriv('aes-128-cbc', key, ivFor(segment))
  return Buffer.concat([decipher.update(bytes), decipher.final()])
}

function writePreviewPlaylist(durations: readonly number[], names: readonly string[]): string {
  const target = Math.max(1, ...durations.map((duration) => Math.ceil(duration - EPSILON)))
  const out = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ]
  durations.forEach((duration, i) => out.push(`#EXTINF:${duration.toFixed(6)},`, names[i]!))
  out.push('#EXT-X-ENDLIST')
  return `${out.join('\n')}\n`
}

/**
 * Writes `<streamDir>/preview/` (index.m3u8 and seg_<nnn>.ts, plain MPEG-TS) from the first
 * segments of `rendition`; null when the stream is too short for one (see previewSegmentCount).
 * The directory appears whole or not at all.
 */
export async function writePreview(options: WritePreviewOptions): Promise<PreviewResult | null> {
  const source = join(options.streamDir, options.rendition)
  const playlist = parseMediaPlaylist(await readFile(join(source, 'index.m3u8'), 'utf8'))
  if (!playlist.endList) throw new MediaPipelineError(`${options.rendition} is not a complete (VOD) playlist`)
  const count = previewSegmentCount(
    playlist.segments.map((segment) => segment.duration),
    options.seconds,
  )
  if (count === 0) return null
  const target = join(options.streamDir, PREVIEW_DIR)
  if (await exists(target)) throw new MediaPipelineError(`${target} already exists`)

  const partial = join(options.streamDir, `.${PREVIEW_DIR}.partial-${process.pid}`)
  await rm(partial, { recursive: true, force: true })
  await mkdir(partial)
  try {
    const segments = playlist.segments.slice(0, count)
    const names: string[] = []
    for (const [i, segment] of segments.entries()) {
      if (!/^[^/\\]+\.ts$/.test(segment.uri)) throw new MediaPipelineError(`unexpected segment URI ${segment.uri}`)
      const name = `seg_${String(i).padStart(3, '0')}.ts`
      await writeFile(join(partial, name), plain(await readFile(join(source, segment.uri)), segment, options.key))
      names.push(name)
    }
    const durations = segments.map((segment) => segment.duration)
    await writeFile(join(partial, 'index.m3u8'), writePreviewPlaylist(durations, names))
    await rename(partial, target)
    const seconds = Math.round(durations.reduce((sum, duration) => sum + duration, 0) * 1000) / 1000
    return { seconds, segmentCount: count, playlistPath: PREVIEW_PLAYLIST }
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}
