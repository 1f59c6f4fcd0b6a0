import type { FastifyInstance } from 'fastify'
import * as calls from '../../../core/contracts/calls.ts'
import { MAX_ID } from '../../../core/contracts/fields.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import { KEY_PATH_PREFIX, type WatchingService } from './service.ts'

export function registerWatchingRoutes(answer: AnswerCall, play: WatchingService) {
  answer(calls.mediaPlay, ({ id }, { user }) => play.play(user.userId, id))
  answer(calls.mediaLike, ({ id, like }, { user }) => play.like(user.userId, id, like))
  answer(calls.mediaTrackList, (input, { user }) => play.track(user.userId, input))
  answer(calls.collectOperate, ({ id }, { user }) => play.favourite(user.userId, id))
  answer(calls.collectDelete, ({ ids }, { user }) => play.unfavourite(user.userId, ids))
  answer(calls.mediaBought, ({ cursor }, { user }) => play.bought(user.userId, cursor))
  answer(calls.collectList, ({ cursor }, { user }) => play.favourites(user.userId, cursor))
  answer(calls.mediaHistory, ({ cursor }, { user }) => play.history(user.userId, cursor))
}

const VIDEO_ID = /^[1-9]\d{0,9}$/

/**
 * GET /api/media/key/<videoId>: the AES-128 key of an encrypted stream, for the play token in
 * `?pt=` (what a playlist's key URI carries) or an X-Play-Token header (hls.js may set one).
 * Not signed (the browser's own player fetches it): the play token is the credential. Never
 * cached anywhere: entitlement is checked on every request.
 */
export function registerKeyRoute(app: FastifyInstance, play: WatchingService) {
  app.get<{ Params: { videoId: string }; Querystring: { pt?: string } }>(
    `${KEY_PATH_PREFIX}:videoId`,
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { videoId } = request.params
      const header = request.headers['x-play-token']
      const token = request.query.pt ?? (typeof header === 'string' ? header : undefined)
      if (!VIDEO_ID.test(videoId) || Number(videoId) > MAX_ID) return reply.code(403).send()
      const answer = await play.key(Number(videoId), token)
      if (answer.status !== 200) return reply.code(answer.status).send()
      return reply.type('application/octet-stream').send(Buffer.from(answer.key))
    },
  )
}
