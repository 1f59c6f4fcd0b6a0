import type { FastifyInstance } from 'fastify'
import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import { loggableError } from '../../loggable-error.ts'
import { uploadOwner, type UploadsService } from './service.ts'
import type { VideoUploads } from './video.ts'

/** How often the server collects day-old partial uploads and what they left. */
const CLEANUP_INTERVAL_MS = 3600 * 1000

export function registerUploadRoutes(answer: AnswerCall, service: UploadsService, videos: VideoUploads) {
  for (const call of [calls.uploadImg, calls.uploadImages]) {
    answer(call, ({ chunk, ...params }, { user, ip }) => {
      const owner = uploadOwner(user, ip)
      return chunk ? service.receiveChunk(owner, { ...params, chunk }) : service.checkChunk(owner, params)
    })
  }
  answer(calls.uploadVideo, ({ chunk, ...params }, { user, ip }) => {
    const owner = uploadOwner(user, ip)
    return chunk ? videos.receiveChunk(owner, { ...params, chunk }) : videos.checkChunk(owner, params)
  })
}

/**
 * Runs the cleanup tasks (day-old partial uploads, unattached post videos and images, orphan files) one
 * after another every hour while the app is open; the timer never keeps the process alive.
 */
export function scheduleUploadCleanup(app: FastifyInstance, tasks: Record<string, () => Promise<number>>) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    void (async () => {
      for (const [name, task] of Object.entries(tasks)) {
        await task().catch((error: unknown) =>
          app.log.error({ err: loggableError(error), task: name }, 'upload cleanup failed'),
        )
      }
    })().finally(() => {
      running = false
    })
  }, CLEANUP_INTERVAL_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
