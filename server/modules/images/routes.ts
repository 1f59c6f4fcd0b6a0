import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { IMAGE_PATH } from './kinds.ts'
import * as repo from './repo.ts'
import { IMAGE_KEY_PATTERN } from './service.ts'

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * Readable from any origin without credentials, so the IMAGE domain can be another host (a CDN
 * or a separate image server) and the worker's CORS-mode fetch can read the bytes and statuses.
 */
const CROSS_ORIGIN_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
}

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .headers(CROSS_ORIGIN_HEADERS)
    .header('Cache-Control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Image not found')
}

/** If-None-Match lists this ETag (weak or strong) or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value === etag || value === `W/${etag}`
  })
}

/**
 * `GET|HEAD /img/<key>`: the stored scrambled bytes as application/octet-stream (the client
 * sniffs the type after descrambling), cached for a year as immutable: a key never changes
 * its bytes. Not under /api/, so neither signed nor sealed: <img> and the worker fetch these.
 * Anything else under /img — unknown or malformed keys, deeper paths — is a 404, never the app.
 */
export function registerImageRoutes(app: FastifyInstance, deps: { db: Db }) {
  async function serve(request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) {
    const key = request.params['*'] ?? ''
    if (!IMAGE_KEY_PATTERN.test(key)) return notFound(reply)
    const image = await repo.findServedImage(deps.db, key)
    if (!image) return notFound(reply)
    const etag = `"${image.sha256}"`
    reply.headers(CROSS_ORIGIN_HEADERS).header('Cache-Control', IMAGE_CACHE_CONTROL).header('ETag', etag)
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send()
    return reply
      .type('application/octet-stream')
      .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength))
  }

  app.get(IMAGE_PATH, (_request, reply) => notFound(reply))
  app.get(`${IMAGE_PATH}/*`, serve)
  // A plain GET needs no preflight; answered anyway for clients that add a header.
  app.options(`${IMAGE_PATH}/*`, (_request, reply) =>
    reply
      .code(204)
      .headers(CROSS_ORIGIN_HEADERS)
      .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
      .header('Access-Control-Allow-Headers', '*')
      .header('Access-Control-Max-Age', '86400')
      .send(),
  )
}
