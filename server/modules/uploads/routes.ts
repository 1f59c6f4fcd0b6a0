import type { FastifyInstance } from 'fastify'
import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import { loggableError } from '../../loggable-error.ts'
import { uploadOwner, type UploadsService } from './service.ts'

/** How often the server removes day-old partial uploads. */
const CLEANUP_INTERVAL_MS = 3600 * 1000

export function registerUploadRoutes(answer: AnswerCall, service: UploadsService) {
  for (const call of [calls.uploadImg, calls.uploadImages]) {
    answer(call, ({ chunk, ...params }, { user, ip }) => {
      const owner = uploadOwner(user, ip)
      return chunk ? service.receiveChunk(owner, { ...params, chunk }) : service.checkChunk(owner, params)
    })
  }
  answer(calls.uploadVideo, () => {
    throw new Error('upload/video is not built yet')
  })
}

/** Runs the cleanup every hour while the app is open; the timer never keeps the process alive. */
export function scheduleUploadCleanup(app: FastifyInstance, service: UploadsService) {
  const timer = setInterval(() => {
    service
      .removeStaleUploads()
      .catch((error: unknown) => app.log.error({ err: loggableError(error) }, 'upload cleanup failed'))
  }, CLEANUP_INTERVAL_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
