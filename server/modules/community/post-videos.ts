import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { POST_VIDEO_CONTENT_TYPE } from '../../../core/contracts/media.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { loggableError } from '../../loggable-error.ts'
import type { FfmpegOptions } from '../../media-pipeline/ffmpeg.ts'
import type { ImageConfig } from '../images/service.ts'
import { enqueueJob, type JobHandler } from '../jobs/queue.ts'
import { importStream } from '../streams/import.ts'
import { mediaDirOf } from '../streams/routes.ts'
import { VIDEO_FORMATS, type PostVideoSink } from '../uploads/video.ts'
import * as repo from './post-videos-repo.ts'

/** The job kind that transcodes a post's video. */
export const POST_VIDEO_JOB = 'post-video'
/** A post video no post names after this long is collected with its files. */
export const UNATTACHED_TTL_MS = 24 * 3600 * 1000
/** The hidden video's title: the post's first line, this long at most. */
const TITLE_MAX = 50
const DEFAULT_TITLE = 'post video'
/** Post videos collected per cleanup pass (the next hour takes the rest). */
const CLEANUP_BATCH = 100

export interface PostVideosDeps {
  db: Db
  /** Milliseconds, like Date.now. */
  now: () => number
  config: Pick<Config, 'dataDir' | 'encryptM3u8' | 'previewSeconds'> & ImageConfig
  ffmpeg?: FfmpegOptions
  /** Where the cleanup reports a post video it could not collect (the next pass tries again). */
  log: Pick<FastifyBaseLogger, 'error'>
}

function titleOf(content: string | null): string {
  const line = content
    ?.split('\n')
    .map((text) => text.trim())
    .find(Boolean)
  return line ? [...line].slice(0, TITLE_MAX).join('') : DEFAULT_TITLE
}

/**
 * A post's video (README.md, "Post videos"): made processing by upload/video's last chunk with
 * its job in the same transaction; the job transcodes it with the streams pipeline into a hidden
 * video (POST_VIDEO_CONTENT_TYPE) and marks it ready, or failed after the job's last attempt.
 */
export function createPostVideos(deps: PostVideosDeps) {
  const { db, config } = deps
  const sourceFile = (path: string) => join(config.dataDir, path)

  const sink: PostVideoSink = {
    async accept(tx, video) {
      const id = await repo.insertPostVideo(tx, {
        ownerId: video.ownerId,
        uploadId: video.uploadId,
        sourcePath: video.sourcePath,
        duration: video.duration,
        createdAt: video.now,
      })
      await enqueueJob(tx, { kind: POST_VIDEO_JOB, payload: { postVideoId: id }, now: video.now })
      return id
    },
    findByUpload: repo.findByUpload,
    sourcesInUse: repo.sourcesInUse,
  }

  /**
   * Runs again after an interruption: a post video already ready (or collected) is left alone,
   * and a transcode cut short left no files (importStream's staging directory).
   */
  const job: JobHandler = {
    async run(payload, { signal }) {
      const id = Number(payload.postVideoId)
      const video = await repo.findPostVideo(db, id)
      if (!video || video.state !== 'processing' || !video.sourcePath) return
      const source = sourceFile(video.sourcePath)
      await importStream(
        { db, config, now: deps.now, ...(deps.ffmpeg && { ffmpeg: deps.ffmpeg }) },
        {
          file: source,
          video: {
            contentType: POST_VIDEO_CONTENT_TYPE,
            title: titleOf(await repo.postContentOf(db, id)),
            description: '',
            price: 0,
            vip: 0,
          },
          signal,
          // Always: /hls/ serves the files to anyone who guesses the (sequential) video id, so
          // only the key endpoint's check on the post keeps a paid or hidden post's video private.
          encrypt: true,
          // The upload's probe checked the container; the transcoder checks it again on what it opens.
          formats: VIDEO_FORMATS,
          within: async (tx, videoId) => {
            // Collected while transcoding: roll back, so the new video's rows and files go too.
            if (!(await repo.markReady(tx, id, videoId, new Date(deps.now())))) {
              throw new Error(`post video ${id} is no longer processing`)
            }
          },
        },
      )
      await rm(source, { force: true })
    },
    async failed(tx, payload, error) {
      const source = await repo.markFailed(tx, Number(payload.postVideoId), error)
      if (source) await rm(sourceFile(source), { force: true })
    },
  }

  /** Collects post videos no post named within a day: rows, source file, transcoded stream. */
  async function removeUnattached(): Promise<number> {
    const ids = await repo.unattachedBefore(db, new Date(deps.now() - UNATTACHED_TTL_MS), CLEANUP_BATCH)
    let removed = 0
    for (const id of ids) {
      // One that fails is logged and skipped, so it cannot keep the others from being collected.
      try {
        const files = await db.transaction((tx) => repo.deleteUnattached(tx, id))
        if (!files) continue
        if (files.sourcePath) await rm(sourceFile(files.sourcePath), { force: true })
        // Only a directory importStream made (its video id), never a path from elsewhere.
        if (files.streamDir && /^[0-9]+$/.test(files.streamDir))
          await rm(join(mediaDirOf(config), files.streamDir), { recursive: true, force: true })
        removed += 1
      } catch (error) {
        deps.log.error({ err: loggableError(error), postVideo: id }, 'collecting an unattached post video failed')
      }
    }
    return removed
  }

  return { sink, job, removeUnattached }
}

export type PostVideos = ReturnType<typeof createPostVideos>
