/**
 * Attaches an HLS master playlist to a <video>, for the long-video player and the short feed
 * alike: natively where the browser plays HLS (Safari, iOS), else through hls.js loaded on
 * demand, so it never weighs on a page that plays nothing.
 *
 * The playlist URL carries the short-lived play token as `pt` (core/contracts/play.ts). Key
 * requests (`/api/media/key/<id>` on the playlist's origin) get it as the `X-Play-Token` header,
 * which native HLS cannot send; there the server writes the token into the key URI instead.
 * The token never goes to another origin.
 */

export const HLS_MIME = 'application/vnd.apple.mpegurl'
export const PLAY_TOKEN_HEADER = 'X-Play-Token'
const KEY_PATH = '/api/media/key/'

/** MediaError.MEDIA_ERR_DECODE (the constant, as not every environment defines MediaError). */
const MEDIA_ERR_DECODE = 3

/** hls.js's error data: `type` is one of its ErrorTypes, whose values these are. */
interface HlsErrorData {
  fatal: boolean
  type: string
}

/** The part of hls.js used here, so tests pass a fake. */
export interface HlsInstance {
  loadSource(url: string): void
  attachMedia(media: HTMLMediaElement): void
  on(event: 'hlsError', listener: (event: string, data: HlsErrorData) => void): void
  recoverMediaError(): void
  destroy(): void
}
export interface HlsConfigLike {
  /** Seconds to start at; -1 where hls.js chooses (the start, for a video on demand). */
  startPosition: number
  xhrSetup(xhr: XMLHttpRequest, url: string): void
}
export interface HlsClass {
  new (config: HlsConfigLike): HlsInstance
  isSupported(): boolean
}
export type LoadHls = () => Promise<{ default: HlsClass }>

/** Why a source stopped: the network (another line may work) or the media itself (switching will not help). */
export type SourceFailure = 'network' | 'media' | 'unsupported'

/** Detaches the source and frees what it holds. */
type Detach = () => void

/** The headers a request made for `playlistUrl` needs: the play token on key requests of the same origin. */
export function keyRequestHeaders(requestUrl: string, playlistUrl: string, base: string): Record<string, string> {
  let request: URL
  let playlist: URL
  try {
    request = new URL(requestUrl, base)
    playlist = new URL(playlistUrl, base)
  } catch {
    return {}
  }
  const token = playlist.searchParams.get('pt')
  if (!token || request.origin !== playlist.origin || !request.pathname.startsWith(KEY_PATH)) return {}
  return { [PLAY_TOKEN_HEADER]: token }
}

export interface AttachOptions {
  /** Seconds to start at (resume); from the beginning when absent or 0. */
  startAt?: number
  /** A fatal error on this source; called at most once, and never after the detach. */
  onFatal(failure: SourceFailure): void
  /** The source is on the element, so play() has something to play. */
  onAttached?(): void
  /** hls.js, loaded on demand; replaced in tests. */
  loadHls?: LoadHls
  /** Resolves relative playlist URLs; the page's address by default. */
  base?: string
}

/** True where the browser plays HLS itself (Safari, iOS, some Android browsers). */
function hasNativeHls(video: HTMLVideoElement): boolean {
  return typeof video.canPlayType === 'function' && video.canPlayType(HLS_MIME) !== ''
}

/**
 * Starts loading `url` into `video` (buffering ahead; playing is the caller's call). A fatal
 * network error is told apart from a media one, which gets one recovery first, as the hls.js
 * docs advise. Returns the detach.
 */
export function attachHlsSource(video: HTMLVideoElement, url: string, options: AttachOptions): Detach {
  const startAt = options.startAt ?? 0
  let done = false
  const fail = (failure: SourceFailure) => {
    if (done) return
    done = true
    options.onFatal(failure)
  }

  if (hasNativeHls(video)) {
    const detach = attachNative(video, url, startAt, fail)
    options.onAttached?.()
    return () => {
      done = true
      detach()
    }
  }

  const base = options.base ?? location.href
  let hls: HlsInstance | null = null
  ;(options.loadHls ?? loadHlsJs)().then(
    ({ default: Hls }) => {
      if (done) return
      if (!Hls.isSupported()) {
        fail('unsupported')
        return
      }
      const instance = new Hls({
        startPosition: startAt > 0 ? startAt : -1,
        // https://github.com/video-dev/hls.js/blob/master/docs/API.md#xhrsetup: a header needs an
        // opened request, and hls.js opens it itself only when we have not.
        xhrSetup(xhr, requestUrl) {
          const headers = Object.entries(keyRequestHeaders(requestUrl, url, base))
          if (headers.length === 0) return
          if (xhr.readyState === 0) xhr.open('GET', requestUrl, true)
          for (const [name, value] of headers) xhr.setRequestHeader(name, value)
        },
      })
      let recoveredMedia = false
      instance.on('hlsError', (_event, data) => {
        if (!data.fatal) return
        if (data.type === 'mediaError' && !recoveredMedia) {
          recoveredMedia = true
          instance.recoverMediaError()
          return
        }
        fail(data.type === 'networkError' ? 'network' : 'media')
      })
      instance.loadSource(url)
      instance.attachMedia(video)
      hls = instance
      options.onAttached?.()
    },
    // The chunk did not load: to the viewer, this browser cannot play the stream now.
    () => fail('unsupported'),
  )
  return () => {
    done = true
    hls?.destroy()
    hls = null
  }
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
    // Safari reports a playlist it could not fetch as "not supported".
    fail(video.error?.code === MEDIA_ERR_DECODE ? 'media' : 'network')
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

/** hls.js, fetched the first time a browser without native HLS plays something. */
export const loadHlsJs: LoadHls = () =>
  // Its event and error names are TypeScript enums, which the narrow interface spells as their strings.
  import('hls.js') as unknown as Promise<{ default: HlsClass }>
