import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { classifyHlsFile, parseVideoId, rewritePlaylist } from './hls.ts'
import * as repo from './repo.ts'

export const HLS_PATH = '/hls'
export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl'
export const SEGMENT_TYPE = 'video/mp2t'
/** A segment's bytes never change under its name. */
export const SEGMENT_CACHE_CONTROL = 'public, max-age=31536000, immutable'
/** Playlists without a token are the same for everyone; a CDN may keep them a minute. */
export const PLAYLIST_CACHE_CONTROL = 'public, max-age=60'
/** With `?pt=` the playlist is one user's: never stored anywhere. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * The VID domain may be another origin (a CDN or a stream server): readable from any origin
 * without credentials, and the player may read the length and range headers.
 */
const CROSS_ORIGIN_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Length, Content-Range, Accept-Ranges',
  'Cross-Origin-Resource-Policy': 'cross-origin',
}

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .headers(CROSS_ORIGIN_HEADERS)
    .header('Cache-Control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Not found')
}

/** One `bytes=` range of a file of `size` bytes; null for none or several (the whole file), 'bad' past the end. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  // Several ranges or other units: answer the whole file, as RFC 9110 allows.
  if (!match) return null
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return null
  let start: number
  let end: number
  if (from === '') {
    start = Math.max(0, size - Number(to))
    end = size - 1
  } else {
    start = Number(from)
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  }
  if (start >= size || start > end) return 'bad'
  return { start, end }
}

interface HlsRequest {
  Params: { '*'?: string }
  Querystring: { pt?: string | string[] }
}

/**
 * `GET|HEAD /hls/<videoId>/<file>`: a video's HLS files from `${DATA_DIR}/media/<dir>`
 * (video_streams.dir). Not under /api/, so neither signed nor sealed: players fetch these.
 * Playlists are rewritten per request (see rewritePlaylist); segments are streamed with
 * single-range support. The play token is not checked here — the key endpoint checks it — and
 * the request log never shows a query string.
 */
export function registerStreamRoutes(app: FastifyInstance, deps: { db: Db; mediaDir: string }) {
  const mediaRoot = resolve(deps.mediaDir)

  async function serve(request: FastifyRequest<HlsRequest>, reply: FastifyReply) {
    const rest = request.params['*'] ?? ''
    const slash = rest.indexOf('/')
    const videoId = slash > 0 ? parseVideoId(rest.slice(0, slash)) : null
    const name = rest.slice(slash + 1)
    const kind = classifyHlsFile(name)
    if (videoId === null || kind === null) return notFound(reply)

    const stream = await repo.findStream(deps.db, videoId)
    if (stream === null) return notFound(reply)
    // A preview is served only while its row says there is one (older streams have none).
    const preview = kind === 'preview' || kind === 'preview-segment'
    if (preview && !(stream.previewSeconds > 0)) return notFound(reply)
    const base = resolve(mediaRoot, stream.dir)
    const inside = relative(mediaRoot, base)
    // The dir comes from the database; it still may not point outside the media directory.
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return notFound(reply)
    const path = join(base, name)

    if (kind === 'master' || kind === 'variant' || kind === 'preview') {
      let text: string
      try {
        text = await readFile(path, 'utf8')
      } catch {
        return notFound(reply)
      }
      const raw = request.query.pt
      // The preview is the same for everyone and needs no key: never made private by a token.
      const token = kind === 'preview' ? null : (Array.isArray(raw) ? raw[0] : raw) || null
      return reply
        .headers(CROSS_ORIGIN_HEADERS)
        .header('Cache-Control', token === null ? PLAYLIST_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
        .type(PLAYLIST_TYPE)
        .send(rewritePlaylist(text, videoId, token))
    }

    let size: number
    let modified: Date
    try {
      const info = await stat(path)
      if (!info.isFile()) return notFound(reply)
      size = info.size
      modified = info.mtime
    } catch {
      return notFound(reply)
    }
    reply
      .headers(CROSS_ORIGIN_HEADERS)
      .header('Cache-Control', SEGMENT_CACHE_CONTROL)
      .header('Accept-Ranges', 'bytes')
      .header('Last-Modified', modified.toUTCString())
      .type(SEGMENT_TYPE)
    const range = parseRange(request.headers.range, size)
    if (range === 'bad') {
      return reply.code(416).header('Content-Range', `bytes */${size}`).send()
    }
    const { start, end } = range ?? { start: 0, end: size - 1 }
    if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`)
    reply.header('Content-Length', String(end - start + 1))
    if (size === 0) return reply.send()
    return reply.send(createReadStream(path, { start, end }))
  }

  app.get(HLS_PATH, (_request, reply) => notFound(reply))
  app.get(`${HLS_PATH}/*`, serve)
  // A plain GET needs no preflight; answered for players that add a Range or X-Play-Token header.
  app.options(`${HLS_PATH}/*`, (_request, reply) =>
    reply
      .code(204)
      .headers(CROSS_ORIGIN_HEADERS)
      .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
      .header('Access-Control-Allow-Headers', 'Range, X-Play-Token')
      .header('Access-Control-Max-Age', '86400')
      .send(),
  )
}

/** `${DATA_DIR}/media`: where streams live. */
export function mediaDirOf(config: { dataDir: string }): string {
  return join(config.dataDir, 'media')
}
