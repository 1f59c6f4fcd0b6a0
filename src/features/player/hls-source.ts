import type HlsType from 'hls.js'
import { HLS_MIME, keyRequestHeaders } from '../../lib/hls-source.ts'

/** Why a line stopped: the network (switch lines) or the media itself (switching will not help). */
export type SourceFailure = 'network' | 'media' | 'unsupported'

export interface AttachOptions {
  /** Seconds to start at (resume); 0 from the beginning. */
  startAt: number
  /** A fatal error on this source; called at most once. */
  onFatal(failure: SourceFailure): void
  /** hls.js, loaded on demand: never part of the entry chunk. Replaced in tests. */
  loadHls?: () => Promise<typeof HlsType>
  /** Resolves relative playlist URLs; the page's address by default. */
  base?: string
}

/** MediaError.MEDIA_ERR_DECODE (the constant, as not every environment defines MediaError). */
const MEDIA_ERR_DECODE = 3

/** Detaches the source and frees what it holds. */
export type Detach = () => void

const loadHlsJs = () => import('hls.js').then((module) => module.default)

/** True where the browser plays HLS itself (Safari, iOS, some Android browsers). */
export function hasNativeHls(video: HTMLVideoElement): boolean {
  return typeof video.canPlayType === 'function' && video.canPlayType(HLS_MIME) !== ''
}

/**
 * Plays a master playlist in `video`: natively where the browser can (the playlist URL's `pt`
 * reaches the key requests through the server's rewritten key URIs), else with hls.js, whose key
 * requests on the playlist's origin also carry the play token as X-Play-Token (the rule of
 * lib/hls-source.ts, shared with the short feed). Unlike the feed's attach, this one tells a
 * network failure (worth another line) from a media one, and starts at a resume position.
 */
export async function attachSource(video: HTMLVideoElement, url: string, options: AttachOptions): Promise<Detach> {
  let failed = false
  const fail = (failure: SourceFailure) => {
    if (failed) return
    failed = true
    options.onFatal(failure)
  }

  if (hasNativeHls(video)) return attachNative(video, url, options.startAt, fail)

  const Hls = await (options.loadHls ?? loadHlsJs)()
  if (!Hls.isSupported()) {
    fail('unsupported')
    return () => undefined
  }
  const base = options.base ?? location.href
  const hls = new Hls({
    startPosition: options.startAt > 0 ? options.startAt : -1,
    // https://github.com/video-dev/hls.js/blob/master/docs/API.md#xhrsetup: opening the request
    // here is what lets headers be set before hls.js sends it.
    xhrSetup(xhr, requestUrl) {
      const headers = Object.entries(keyRequestHeaders(requestUrl, url, base))
      if (headers.length === 0) return
      if (xhr.readyState === 0) xhr.open('GET', requestUrl, true)
      for (const [name, value] of headers) xhr.setRequestHeader(name, value)
    },
  })
  let recoveredMedia = false
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
      // One recovery attempt for a decode hiccup, as the hls.js docs advise.
      recoveredMedia = true
      hls.recoverMediaError()
      return
    }
    fail(data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : 'media')
  })
  hls.loadSource(url)
  hls.attachMedia(video)
  return () => hls.destroy()
}

function attachNative(
  video: HTMLVideoElement,
  url: string,
  startAt: number,
  fail: (failure: SourceFailure) => void,
): Detach {
  const handleMetadata = () => {
    if (startAt > 0 && startAt < video.duration - 1) video.currentTime = startAt
  }
  const handleError = () => {
    const code = video.error?.code
    // Safari reports a playlist it could not fetch as "not supported".
    fail(code === MEDIA_ERR_DECODE ? 'media' : 'network')
  }
  video.addEventListener('loadedmetadata', handleMetadata, { once: true })
  video.addEventListener('error', handleError)
  video.src = url
  return () => {
    video.removeEventListener('loadedmetadata', handleMetadata)
    video.removeEventListener('error', handleError)
    video.removeAttribute('src')
    video.load()
  }
}
