/**
 * Fetch and descramble one image: the one loader of the service worker's image route and of
 * the page's fallback without a worker. The caller brings fetch and the abort signal (and so
 * its own time-out); core/ has neither, and stays free of DOM types by naming only the parts
 * of a Response it reads.
 */
import { descramble, type ImageKeys } from './descramble.ts'

export type ImageLoadFailure = 'timeout' | 'network' | 'status' | 'opaque' | 'not-image'

/** What the loader reads of a fetch Response. */
export interface ImageResponse {
  readonly type: string
  readonly ok: boolean
  arrayBuffer(): Promise<ArrayBuffer>
}

/**
 * Cross-origin images are asked in CORS mode without credentials (the image origin sends CORS
 * headers and needs no cookies): an <img> without `crossorigin` asks in no-cors mode, whose
 * opaque answer could not be read.
 */
export interface ImageFetchInit<Signal> {
  mode: 'cors'
  credentials: 'omit'
  signal: Signal
}

export interface FetchImageDeps<R extends ImageResponse, Signal extends { readonly aborted: boolean }> {
  fetch(url: string, init: ImageFetchInit<NoInfer<Signal>>): Promise<R>
  keys: ImageKeys
  /** Aborted by the caller's time-out: a fetch or body read that fails after it is a time-out. */
  signal: Signal
}

export type FetchedImage<R> =
  | { ok: true; bytes: Uint8Array<ArrayBuffer>; contentType: string }
  /** The answer of a 'status' failure comes back so a caller can pass the error on as it is. */
  | { ok: false; reason: 'status'; response: R }
  | { ok: false; reason: Exclude<ImageLoadFailure, 'status'> }

export async function fetchImage<R extends ImageResponse, Signal extends { readonly aborted: boolean }>(
  url: string,
  deps: FetchImageDeps<R, Signal>,
): Promise<FetchedImage<R>> {
  let body: ArrayBuffer
  try {
    const response = await deps.fetch(url, { mode: 'cors', credentials: 'omit', signal: deps.signal })
    if (response.type === 'opaque' || response.type === 'opaqueredirect') return { ok: false, reason: 'opaque' }
    if (!response.ok) return { ok: false, reason: 'status', response }
    body = await response.arrayBuffer()
  } catch {
    return { ok: false, reason: deps.signal.aborted ? 'timeout' : 'network' }
  }
  // In place: the fetched buffer is nobody else's.
  const { bytes, contentType } = descramble(new Uint8Array(body), deps.keys)
  if (contentType === null) return { ok: false, reason: 'not-image' }
  return { ok: true, bytes, contentType }
}
