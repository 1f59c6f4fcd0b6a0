/**
 * Attaches an HLS master playlist to a <video>: natively where the browser plays HLS (Safari,
 * iOS), else through hls.js loaded on demand, so it never weighs on a page that plays nothing.
 *
 * The playlist URL carries the short-lived play token as `pt` (core/contracts/play.ts). Key
 * requests (`/api/media/key/<id>` on the playlist's origin) get it as the `X-Play-Token` header,
 * which native HLS cannot send; there the server writes the token into the key URI instead.
 * The token never goes to another origin.
 */

export const HLS_MIME = 'application/vnd.apple.mpegurl'
export const PLAY_TOKEN_HEADER = 'X-Play-Token'
const KEY_PATH = '/api/media/key/'

/** The part of hls.js used here, so tests pass a fake. */
export interface HlsInstance {
  loadSource(url: string): void
  attachMedia(media: HTMLMediaElement): void
  on(event: 'hlsError', listener: (event: string, data: { fatal: boolean }) => void): void
  destroy(): void
}
export interface HlsConfigLike {
  xhrSetup(xhr: XMLHttpRequest, url: string): void
}
export interface HlsClass {
  new (config: HlsConfigLike): HlsInstance
  isSupported(): boolean
}
export type LoadHls = () => Promise<{ default: HlsClass }>

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
  loadHls: LoadHls
  /** A fatal playback error (hls.js could not recover, or it failed to load). */
  onError?(): void
  /** Resolves relative playlist URLs; the page's address by default. */
  base?: string
}

/** Starts loading `url` into `video` (buffering ahead; playing is the caller's call). Returns the detach. */
export function attachHlsSource(video: HTMLVideoElement, url: string, options: AttachOptions): () => void {
  if (video.canPlayType(HLS_MIME) !== '') {
    video.src = url
    return () => {
      video.removeAttribute('src')
      video.load()
    }
  }
  const base = options.base ?? location.href
  let detached = false
  let hls: HlsInstance | null = null
  options.loadHls().then(
    ({ default: Hls }) => {
      if (detached) return
      if (!Hls.isSupported()) {
        options.onError?.()
        return
      }
      hls = new Hls({
        xhrSetup(xhr, requestUrl) {
          const headers = Object.entries(keyRequestHeaders(requestUrl, url, base))
          if (headers.length === 0) return
          // A header needs an opened request; hls.js opens it itself only when we have not.
          if (xhr.readyState === 0) xhr.open('GET', requestUrl, true)
          for (const [name, value] of headers) xhr.setRequestHeader(name, value)
        },
      })
      hls.on('hlsError', (_event, data) => {
        if (data.fatal) options.onError?.()
      })
      hls.loadSource(url)
      hls.attachMedia(video)
    },
    () => {
      if (!detached) options.onError?.()
    },
  )
  return () => {
    detached = true
    hls?.destroy()
    hls = null
  }
}

/** hls.js, fetched the first time a browser without native HLS plays something. */
export const loadHlsJs: LoadHls = () =>
  // Its event names are a TypeScript enum ('hlsError' is Events.ERROR), which our narrow interface spells as the string.
  import('hls.js') as unknown as Promise<{ default: HlsClass }>
