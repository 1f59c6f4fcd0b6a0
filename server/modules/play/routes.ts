import type { FastifyInstance } from 'fastify'
import { MAX_ID } from '../../../core/contracts/fields.ts'
import {
  FavouriteDeleteRequestSchema,
  FavouriteRequestSchema,
  LikeRequestSchema,
  MineListRequestSchema,
  PlayRequestSchema,
  TrackRequestSchema,
} from '../../../core/contracts/play.ts'
import type { DefineCall } from '../../plugins/calls.ts'
import { KEY_PATH_PREFIX, type PlayService } from './service.ts'

/** Playing, likes, favourites, history and Mine's lists (all need a user). */
export function registerPlayRoutes(defineCall: DefineCall, play: PlayService) {
  defineCall({
    name: 'media/play',
    secured: true,
    body: PlayRequestSchema,
    handler: ({ id }, { user }) => play.play(user.userId, id),
  })
  defineCall({
    name: 'media/like',
    secured: true,
    body: LikeRequestSchema,
    handler: ({ id, like }, { user }) => play.like(user.userId, id, like),
  })
  defineCall({
    name: 'media/trackList',
    secured: true,
    body: TrackRequestSchema,
    handler: (input, { user }) => play.track(user.userId, input),
  })
  // The favourite calls were listed as unsecured; a favourite belongs to a user, so without
  // one they answer 1000 like the secured calls.
  defineCall({
    name: 'collect/operate',
    secured: true,
    body: FavouriteRequestSchema,
    handler: ({ id }, { user }) => play.favourite(user.userId, id),
  })
  defineCall({
    name: 'collect/delete',
    secured: true,
    body: FavouriteDeleteRequestSchema,
    handler: ({ ids }, { user }) => play.unfavourite(user.userId, ids),
  })
  defineCall({
    name: 'media/bought',
    secured: true,
    body: MineListRequestSchema,
    handler: ({ cursor }, { user }) => play.bought(user.userId, cursor),
  })
  defineCall({
    name: 'collect/list',
    secured: true,
    body: MineListRequestSchema,
    handler: ({ cursor }, { user }) => play.favourites(user.userId, cursor),
  })
  defineCall({
    name: 'media/history',
    secured: true,
    body: MineListRequestSchema,
    handler: ({ cursor }, { user }) => play.history(user.userId, cursor),
  })
}

const VIDEO_ID = /^[1-9]\d{0,9}$/

/**
 * GET /api/media/key/<videoId>: the AES-128 key of an encrypted stream, for the play token in
 * `?pt=` (what a playlist's key URI carries) or an X-Play-Token header (hls.js may set one).
 * Not signed (the browser's own player fetches it): the play token is the credential. Never
 * cached anywhere: entitlement is checked on every request.
 */
export function registerKeyRoute(app: FastifyInstance, play: PlayService) {
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
