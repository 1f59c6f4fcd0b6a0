import { rm } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { ContentType } from '../../../core/contracts/media.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { locateFfmpeg, type FfmpegOptions } from '../../media-pipeline/ffmpeg.ts'
import { transcodeToHls, type Rendition, type TranscodeStage } from '../../media-pipeline/transcode.ts'
import { storeImage, type ImageConfig } from '../images/service.ts'
import { keyPath } from './hls.ts'
import * as repo from './repo.ts'
import type { NewVideo } from './repo.ts'
import { mediaDirOf } from './routes.ts'

/** A bad option (not a media problem): the command's usage is at fault. */
export class ImportOptionError extends Error {
  override name = 'ImportOptionError'
}

export interface ImportInput {
  file: string
  /** Default: the file name without its extension. */
  title?: string
  description?: string
  /** Tag names; missing tags are created. */
  tags?: readonly string[]
  /** Diamonds in cents; 0 (default) when not sold. */
  price?: number
  /** VipRequirement 0–3. Default 0. */
  vip?: number
  /** A short video (the /lld/ feed) rather than a long one. */
  short?: boolean
}

export interface ImportDeps {
  db: Db
  config: Pick<Config, 'dataDir' | 'encryptM3u8' | 'previewSeconds'> & ImageConfig
  /** Milliseconds, like Date.now. */
  now?: () => number
  ffmpeg?: FfmpegOptions
  onStage?: (stage: TranscodeStage) => void
  randomBytes?: (size: number) => Uint8Array
}

export interface ImportResult {
  videoId: number
  /** Relative to `${DATA_DIR}/media`. */
  dir: string
  title: string
  durationSeconds: number
  encrypted: boolean
  renditions: Rendition[]
  /** Seconds of unencrypted preview (priced videos only; 0: none). */
  previewSeconds: number
  coverKey: string
}

const MAX_TITLE = 200
const MAX_TAGS = 20

function checkInput(input: ImportInput): Required<Omit<ImportInput, 'file'>> {
  const title = (input.title ?? basename(input.file, extname(input.file))).trim()
  if (title === '' || title.length > MAX_TITLE) throw new ImportOptionError(`--title: 1 to ${MAX_TITLE} characters`)
  const tags = [...new Set((input.tags ?? []).map((tag) => tag.trim()).filter(Boolean))]
  if (tags.length > MAX_TAGS || tags.some((tag) => tag.length > 50)) {
    throw new ImportOptionError(`--tags: at most ${MAX_TAGS} names of up to 50 characters`)
  }
  const price = input.price ?? 0
  if (!Number.isSafeInteger(price) || price < 0 || price > 100_000_000) {
    throw new ImportOptionError('--price: diamonds in cents, a whole number from 0 to 100000000')
  }
  const vip = input.vip ?? 0
  if (!Number.isInteger(vip) || vip < 0 || vip > 3) throw new ImportOptionError('--vip: 0, 1, 2 or 3')
  return { title, description: input.description?.trim() ?? '', tags, price, vip, short: input.short ?? false }
}

/**
 * `media:import` (server/media-pipeline/README.md): probes and transcodes `file` into
 * `${DATA_DIR}/media/<videoId>/` (AES-128 segments when ENCRYPT_M3U8; a priced video also gets an
 * unencrypted preview of PREVIEW_SECONDS under `preview/`), then writes the video,
 * its tags, its stream (with the key) and its cover (stored scrambled like every image) in one
 * transaction (importStream).
 */
export async function importMedia(deps: ImportDeps, input: ImportInput): Promise<ImportResult> {
  const options = checkInput(input)
  return importStream(deps, {
    file: input.file,
    video: {
      contentType: options.short ? ContentType.ShortVideo : ContentType.LongVideo,
      title: options.title,
      description: options.description,
      price: options.price,
      vip: options.vip,
    },
    tags: options.tags,
    // Only a priced video shows a preview (media/play); a VIP-only one must not leak one at /hls.
    preview: options.price > 0 && deps.config.previewSeconds > 0,
  })
}

/** What importStream makes of a file: the video row's own fields (the rest comes from the transcode). */
export interface StreamInput {
  file: string
  video: Pick<NewVideo, 'contentType' | 'title' | 'description' | 'price' | 'vip'>
  tags?: readonly string[]
  /** Write an unencrypted preview of PREVIEW_SECONDS (priced videos). */
  preview?: boolean
  signal?: AbortSignal
  /** Encrypt the segments whatever ENCRYPT_M3U8 says (post videos). */
  encrypt?: boolean
  /** The containers taken (transcodeToHls's `formats`): an upload's, re-checked before transcoding. */
  formats?: ReadonlySet<string>
  /** Runs last in the transaction that writes the rows (a caller's own rows pointing at the video). */
  within?: (tx: Db, videoId: number) => Promise<void>
}

/**
 * Draws the next video id, transcodes `file` into `${DATA_DIR}/media/<videoId>/`, then writes the
 * cover, the video, its tags and its stream in one transaction. The files are complete before
 * any row exists; if the transaction fails they are removed, and the pipeline leaves nothing on
 * its own failures, so a failure leaves neither rows nor files (only a skipped video id).
 * media:import and the post videos' job (community/post-videos.ts) both go through here.
 */
export async function importStream(deps: ImportDeps, input: StreamInput): Promise<ImportResult> {
  // Before an id is drawn: the common failure gets its clear message at once.
  await locateFfmpeg(deps.ffmpeg)
  const now = new Date((deps.now ?? Date.now)())
  const videoId = await repo.reserveVideoId(deps.db)
  const dir = String(videoId)
  const outputDir = join(mediaDirOf(deps.config), dir)
  const encrypted = input.encrypt ?? deps.config.encryptM3u8
  const preview = input.preview === true && deps.config.previewSeconds > 0

  const result = await transcodeToHls({
    input: input.file,
    outputDir,
    ...deps.ffmpeg,
    ...(encrypted && { encryption: { keyUri: keyPath(videoId) } }),
    ...(preview && { preview: { seconds: deps.config.previewSeconds } }),
    ...(deps.onStage && { onStage: deps.onStage }),
    ...(deps.randomBytes && { randomBytes: deps.randomBytes }),
    ...(input.signal && { signal: input.signal }),
    ...(input.formats && { formats: input.formats }),
  })
  const durationSeconds = Math.max(1, Math.round(result.durationSeconds))
  try {
    const coverKey = await deps.db.transaction(async (tx) => {
      const cover = await storeImage(tx, { bytes: result.coverJpeg, kind: 'cover' }, deps.config, {
        now: () => now.getTime(),
        ...(deps.randomBytes && { randomBytes: deps.randomBytes }),
      })
      await repo.insertVideo(tx, videoId, {
        ...input.video,
        cover: cover.key,
        coverWidth: cover.width ?? 0,
        coverHeight: cover.height ?? 0,
        duration: durationSeconds,
        publishedAt: now,
      })
      await repo.tagVideo(tx, videoId, await repo.ensureTags(tx, input.tags ?? []))
      await repo.insertStream(tx, {
        videoId,
        dir,
        encrypted: result.key !== undefined,
        key: result.key ?? null,
        renditions: result.renditions,
        previewSeconds: result.preview?.seconds ?? 0,
        createdAt: now,
      })
      await input.within?.(tx, videoId)
      return cover.key
    })
    return {
      videoId,
      dir,
      title: input.video.title,
      durationSeconds,
      encrypted: result.key !== undefined,
      renditions: result.renditions,
      previewSeconds: result.preview?.seconds ?? 0,
      coverKey,
    }
  } catch (error) {
    await rm(outputDir, { recursive: true, force: true })
    throw error
  }
}
