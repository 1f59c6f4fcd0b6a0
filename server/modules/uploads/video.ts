import { constants } from 'node:fs'
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { UploadChunkParams } from '../../../core/contracts/upload.ts'
import type * as v from 'valibot'
import type { VideoChunkResultSchema } from '../../../core/contracts/community.ts'
import { MAX_VIDEO_SECONDS, MAX_VIDEO_UPLOAD_BYTES } from '../../../core/contracts/community-rules.ts'
import type { Db } from '../../db/client.ts'
import {
  InvalidMediaError,
  locateFfmpeg,
  probe,
  type FfmpegOptions,
  type FfmpegTools,
} from '../../media-pipeline/ffmpeg.ts'
import { uploadIdOfFile, uploadsDirOf, videoSourcePath } from './files.ts'
import * as repo from './repo.ts'
import { AppError } from '../../errors.ts'
import { refuseBanned as refuseUserBanned } from '../accounts/ban.ts'
import { lockUpload, refuse, sameUpload, UPLOAD_TTL_MS, type UploadOwner } from './service.ts'

export type VideoChunkResult = v.InferOutput<typeof VideoChunkResultSchema>

/** New video uploads one user may begin in a day. */
export const MAX_VIDEO_UPLOADS_PER_USER_PER_DAY = 10

/**
 * Containers taken (ffprobe's format names). Anything else is refused even when ffmpeg reads it:
 * a playlist (HLS, concat) would make the transcoder open other files, an image sequence or a
 * GIF is not a video a phone records.
 */
export const VIDEO_FORMATS = new Set(['mov', 'mp4', 'matroska', 'webm', 'avi', 'mpegts', 'flv', 'mpeg'])

/** What the community module does with a finished upload (community/post-videos.ts). */
export interface PostVideoSink {
  /** Makes the post video (processing) and queues its job, in the upload's transaction; answers its id. */
  accept(
    tx: Db,
    video: { ownerId: number; uploadId: number; sourcePath: string; duration: number; now: Date },
  ): Promise<number>
  findByUpload(db: Db, uploadId: number): Promise<{ id: number; duration: number; attached: boolean } | null>
  /** Which of these source paths (relative to DATA_DIR) a post video still holds. */
  sourcesInUse(db: Db, paths: string[]): Promise<Set<string>>
}

export interface VideoUploadsDeps {
  db: Db
  config: { dataDir: string }
  /** Milliseconds, like Date.now. */
  now: () => number
  ffmpeg?: FfmpegOptions
  postVideos: PostVideoSink
  /** Called once a transaction that queued a job has committed (wakes this process's worker). */
  jobQueued: () => void
}

const notAVideo = (why: string) => refuse(415, `file: ${why}`)

/**
 * upload/video (server/modules/uploads/README.md): simple-uploader's chunks written into one file
 * under DATA_DIR/uploads at their offsets, `upload_chunks` rows (bytes null) recording which
 * arrived. The last chunk probes the file with ffprobe and hands it to the community module,
 * under the upload row's lock like the images' last chunk, so it happens once.
 */
export function createVideoUploads(deps: VideoUploadsDeps) {
  const { db } = deps
  const uploadsDir = uploadsDirOf(deps.config)
  let tools: Promise<FfmpegTools> | null = null
  const ffmpegTools = () =>
    (tools ??= locateFfmpeg(deps.ffmpeg).catch((error: unknown) => {
      tools = null
      throw error
    }))

  const fileOf = (uploadId: number) => join(deps.config.dataDir, videoSourcePath(uploadId))

  const openForChunks = (uploadId: number) => open(fileOf(uploadId), constants.O_WRONLY | constants.O_CREAT, 0o600)

  async function writeChunk(uploadId: number, offset: number, chunk: Uint8Array) {
    // The directory is made when the first write finds it missing, not checked on every chunk.
    const file = await openForChunks(uploadId).catch(async (error: unknown) => {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error
      await mkdir(uploadsDir, { recursive: true })
      return openForChunks(uploadId)
    })
    try {
      await file.write(chunk, 0, chunk.length, offset)
    } finally {
      await file.close()
    }
  }

  /** The probed duration in seconds, or the reason the file is refused. */
  async function check(path: string): Promise<{ duration: number } | { refused: string }> {
    let probed
    try {
      probed = await probe(await ffmpegTools(), path)
    } catch (error) {
      if (error instanceof InvalidMediaError) return { refused: 'not a video ffmpeg can read' }
      throw error
    }
    if (!probed.formatName.split(',').some((name) => VIDEO_FORMATS.has(name))) {
      return { refused: `a ${probed.formatName} file is not taken as a video` }
    }
    if (probed.durationSeconds > MAX_VIDEO_SECONDS) {
      return { refused: `longer than ${MAX_VIDEO_SECONDS} seconds` }
    }
    return { duration: probed.durationSeconds }
  }

  /**
   * A finished upload's answer. Null when a post holds its video already, or its video is gone
   * (collected, or its upload forgotten by a racing chunk): the same file sent again is a new
   * upload (a rejected post's video cannot go on another post).
   */
  async function finished(from: Db, uploadId: number): Promise<VideoChunkResult | null> {
    const video = await deps.postVideos.findByUpload(from, uploadId)
    if (!video || video.attached) return null
    return { done: true, video: { videoUploadId: video.id, duration: Math.max(1, Math.round(video.duration)) } }
  }

  const sendAgain = () => refuse(404, 'identifier: upload the file again')

  type Outcome = { result: VideoChunkResult; queued?: boolean } | { refusal: Error; file: string }

  /**
   * Under the upload row's lock: the upload's answer once every chunk is recorded — probed and
   * handed to the community module by the first request to get here. `recorded`: this request
   * inserted its chunk's row, so it was counted before another request settled the upload, and
   * answers not done, as every chunk but the completing one does; a chunk sent again answers the
   * upload's outcome.
   */
  async function settle(
    owner: UploadOwner,
    ownerId: number,
    identifier: string,
    upload: { id: number; totalChunks: number },
    recorded: boolean,
    now: Date,
  ) {
    const uploadId = upload.id
    // Probed before the lock: ffprobe takes up to seconds, and no transaction (on PGlite, the
    // whole database) may wait for it. Chunks racing to the end may each probe; the lock lets
    // one settle, and one that finds the upload complete without having probed leaves it to
    // the chunk that counted it complete (the last to commit always does).
    const complete = (await repo.countChunksPrepared(db, uploadId)) >= upload.totalChunks
    const checked = complete ? await check(fileOf(uploadId)) : null
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const upload = await repo.findUploadForUpdate(tx, owner.key, identifier)
      if (!upload || upload.id !== uploadId) {
        if (recorded) return { result: { done: false } }
        // Refused and removed while this chunk was written: the sweep collects what it wrote.
        throw refuse(404, 'identifier: the upload was removed')
      }
      if (upload.completedAt) {
        if (recorded) return { result: { done: false } }
        const answer = await finished(tx, upload.id)
        if (!answer) throw sendAgain()
        return { result: answer }
      }
      if (!checked || (await repo.countChunks(tx, upload.id)) < upload.totalChunks) return { result: { done: false } }

      const file = fileOf(upload.id)
      if ('refused' in checked) {
        await repo.deleteUpload(tx, owner.key, identifier)
        return { refusal: notAVideo(checked.refused), file }
      }
      await repo.completeUpload(tx, upload.id, null, now)
      const id = await deps.postVideos.accept(tx, {
        ownerId,
        uploadId: upload.id,
        sourcePath: videoSourcePath(upload.id),
        duration: checked.duration,
        now,
      })
      return {
        result: { done: true, video: { videoUploadId: id, duration: Math.max(1, Math.round(checked.duration)) } },
        queued: true,
      }
    })
    if ('refusal' in outcome) {
      // The row is gone (committed): now the file may go.
      await rm(outcome.file, { force: true })
      throw outcome.refusal
    }
    if (outcome.queued) deps.jobQueued()
    return outcome.result
  }

  return {
    /**
     * Writes one chunk; the chunk that completes the upload answers the probed video. A chunk of
     * an upload under way costs three statements and no transaction: one read (ban, upload, this
     * chunk's row), the write at its offset, the insert of its row, a count. Only a count that
     * reaches the total takes the upload row's lock (settle). Each insert commits before its
     * count, so of chunks racing to the end the last to commit counts them all: the upload is
     * never left complete but unsettled, and the lock makes it settle once.
     */
    async receiveChunk(owner: UploadOwner, input: UploadChunkParams & { chunk: Uint8Array }) {
      const { chunk, ...params } = input
      if (params.totalSize > MAX_VIDEO_UPLOAD_BYTES) {
        throw refuse(413, `totalSize: must be at most ${MAX_VIDEO_UPLOAD_BYTES} bytes`)
      }
      if (chunk.length !== params.currentChunkSize) {
        throw refuse(400, `file: holds ${chunk.length} bytes, not currentChunkSize ${params.currentChunkSize}`)
      }
      const now = new Date(deps.now())
      const ownerId = owner.userId
      if (ownerId === null) throw new Error('upload/video is secured: its owner is a user')
      const target = await repo.findVideoChunkTarget(db, {
        userId: ownerId,
        owner: owner.key,
        identifier: params.identifier,
        chunkNumber: params.chunkNumber,
      })
      refuseUserBanned(target.bannedUntil, now.getTime(), 403)
      const begin = () =>
        db.transaction((tx) => lockUpload(tx, owner, params, now, 'video', MAX_VIDEO_UPLOADS_PER_USER_PER_DAY))
      let upload = target.upload ? sameUpload(target.upload, params, 'video') : await begin()
      let present = target.present
      if (upload.completedAt) {
        const answer = await finished(db, upload.id)
        if (answer) return answer
        // The same file again, its first upload's video on a post or gone: forget that upload
        // (a post video keeps its source) and take this one as new. By id: a racing chunk of this
        // file may have made the new upload already, which begin() then finds.
        await repo.deleteUploadById(db, upload.id)
        upload = await begin()
        present = false
      }
      // The chunk goes into the file before its row is inserted, so a recorded chunk is always
      // in the file; a chunk recorded already is not written again.
      if (!present) await writeChunk(upload.id, (params.chunkNumber - 1) * upload.chunkSize, chunk)
      const recorded = await repo.recordFileChunk(db, upload.id, params.chunkNumber)
      // A chunk recorded before, or an upload finished or removed meanwhile: settle tells which.
      if (recorded && (await repo.countChunksPrepared(db, upload.id)) < upload.totalChunks) return { done: false }
      try {
        return await settle(owner, ownerId, params.identifier, upload, recorded, now)
      } catch (error) {
        // This request recorded the chunk but could not settle the upload (not a refusal, which
        // removed it): forget the chunk, so the GET check asks for it and a resend settles again.
        // The settling error is the one to report, not a failure to forget.
        if (recorded && !(error instanceof AppError)) {
          await repo.deleteChunk(db, upload.id, params.chunkNumber).catch(() => {})
        }
        throw error
      }
    },

    /** simple-uploader's GET check: whether this chunk is in the file already (every one is once it is done). */
    async checkChunk(owner: UploadOwner, params: UploadChunkParams): Promise<VideoChunkResult> {
      const upload = await repo.findUpload(db, owner.key, params.identifier)
      if (!upload || upload.kind !== 'video') return { present: false, done: false }
      if (upload.completedAt) {
        const answer = await finished(db, upload.id)
        // Its video is on a post or gone: the chunks are to be sent again, as a new upload.
        return answer ? { present: true, ...answer } : { present: false, done: false }
      }
      return { present: await repo.hasChunk(db, upload.id, params.chunkNumber), done: false }
    },

    /**
     * Removes files of DATA_DIR/uploads that neither an unfinished upload nor a post video's
     * source holds and that nothing wrote for a day (a file is written before its row commits);
     * answers how many.
     */
    async removeOrphanFiles(): Promise<number> {
      let names: string[]
      try {
        names = await readdir(uploadsDir)
      } catch {
        return 0
      }
      const ids = names.map(uploadIdOfFile).filter((id): id is number => id !== null)
      const [partial, sources] = await Promise.all([
        repo.partialVideoUploads(db, ids),
        deps.postVideos.sourcesInUse(
          db,
          names.map((name) => `uploads/${name}`),
        ),
      ])
      const held = new Set(partial)
      const before = deps.now() - UPLOAD_TTL_MS
      let removed = 0
      for (const name of names) {
        const id = uploadIdOfFile(name)
        if ((id !== null && held.has(id)) || sources.has(`uploads/${name}`)) continue
        const path = join(uploadsDir, name)
        const info = await stat(path).catch(() => null)
        if (!info?.isFile() || info.mtimeMs >= before) continue
        await rm(path, { force: true })
        removed += 1
      }
      return removed
    },
  }
}

export type VideoUploads = ReturnType<typeof createVideoUploads>
