/**
 * The names /hls serves and how playlists are rewritten on the way out (docs/protocol.md,
 * "Streams"). Pure, so the rules are table-tested without files.
 */

import { MAX_ID } from '../../../core/contracts/fields.ts'

/** Where a video's key is served (the key endpoint is the media/play module's). */
export function keyPath(videoId: number): string {
  return `/api/media/key/${videoId}`
}

export type HlsFileKind = 'master' | 'variant' | 'segment' | 'preview' | 'preview-segment'

/**
 * What the pipeline writes and nothing else: `master.m3u8`, `<n>p/index.m3u8`,
 * `<n>p/seg_<nnn>.ts`, and a priced video's `preview/index.m3u8` and `preview/seg_<nnn>.ts`.
 * Everything else — `..`, encoded slashes, other names — is null, so a request can never name a
 * file outside the stream's directory.
 */
export function classifyHlsFile(name: string): HlsFileKind | null {
  if (name === 'master.m3u8') return 'master'
  const match = /^([1-9][0-9]{1,3}p|preview)\/(index\.m3u8|seg_[0-9]{3,6}\.ts)$/.exec(name)
  if (!match) return null
  const playlist = match[2] === 'index.m3u8'
  if (match[1] === 'preview') return playlist ? 'preview' : 'preview-segment'
  return playlist ? 'variant' : 'segment'
}

/** A video id as written in a path: a positive 32-bit integer without leading zeros. */
export function parseVideoId(text: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null
  const id = Number(text)
  return id <= MAX_ID ? id : null
}

function withToken(uri: string, token: string | null): string {
  if (token === null) return uri
  return `${uri}${uri.includes('?') ? '&' : '?'}pt=${encodeURIComponent(token)}`
}

/**
 * A playlist as served: every EXT-X-KEY URI becomes this video's key endpoint (the URI on disk
 * is a placeholder or an older path), and with a play token the key URI and the URIs of other
 * playlists carry `?pt=` — native HLS players cannot add a header to those requests. Segment
 * URIs never carry the token, so segments stay one cacheable object for everyone.
 */
export function rewritePlaylist(text: string, videoId: number, token: string | null): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('#EXT-X-KEY:') || line.startsWith('#EXT-X-SESSION-KEY:')) {
        return line.replace(/URI="[^"]*"/, `URI="${withToken(keyPath(videoId), token)}"`)
      }
      const uri = line.trim()
      if (uri === '' || uri.startsWith('#')) return line
      return uri.split('?')[0]!.endsWith('.m3u8') ? withToken(uri, token) : line
    })
    .join('\n')
}
