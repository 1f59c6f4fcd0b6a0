import { sha256 } from '@noble/hashes/sha2.js'
import * as v from 'valibot'
import { UploadChunkResultSchema, type UploadedImageSchema } from '../../core/contracts/account.ts'
import type { uploadImages, uploadImg, uploadVideo } from '../../core/contracts/calls.ts'
import { MAX_VIDEO_UPLOAD_BYTES } from '../../core/contracts/community-rules.ts'
import { VideoChunkResultSchema, type UploadedVideoSchema } from '../../core/contracts/community.ts'
import {
  chunkCount,
  MAX_UPLOAD_BYTES,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_SIMULTANEOUS_CHUNKS,
} from '../../core/contracts/upload.ts'
import { ResultCode } from '../../core/protocol/codes.ts'
import { ApiError, ApiErrorKind, type Api } from './http.ts'
import { t } from './messages-uploads.ts'

/** simple-uploader's settings as the server expects them (server/modules/uploads/README.md), with no retries. */
export const CHUNK_SIZE = UPLOAD_CHUNK_SIZE
const CHUNKS_IN_FLIGHT = UPLOAD_SIMULTANEOUS_CHUNKS
const MEGABYTE = 1024 * 1024
export const MAX_IMAGE_UPLOAD_BYTES = MAX_UPLOAD_BYTES
export const MAX_IMAGE_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / MEGABYTE
export const MAX_VIDEO_UPLOAD_MEGABYTES = MAX_VIDEO_UPLOAD_BYTES / MEGABYTE
/** Never a real file name: the server does not use it, and a name can say more than the user meant. */
const BLOB_NAME = 'blob'
/** How much of a file the digest reads at a time: a 500 MB video is never held in memory whole. */
const HASH_SLICE_BYTES = 4 * MEGABYTE

export type UploadedImage = v.InferOutput<typeof UploadedImageSchema>
export type UploadedVideo = v.InferOutput<typeof UploadedVideoSchema>

export interface ChunkRange {
  /** 1-based, as simple-uploader counts. */
  number: number
  start: number
  end: number
}

/**
 * simple-uploader's split: floor(size / chunkSize) chunks, at least one, the last absorbing the
 * remainder (so a 2.5 MiB file is two chunks, 1 MiB and 1.5 MiB).
 */
export function chunkRanges(totalSize: number, chunkSize = CHUNK_SIZE): ChunkRange[] {
  const count = chunkCount(totalSize, chunkSize)
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    start: index * chunkSize,
    end: index === count - 1 ? totalSize : (index + 1) * chunkSize,
  }))
}

const canceled = () => new ApiError(ApiErrorKind.Canceled, t.http.canceled)

/**
 * The upload's identifier: the size and a digest of the bytes, so the same file sent again
 * (after a reload or a lost connection) finds the chunks already there, and no name is involved.
 * The SHA-256 is fed slice by slice, so a video is read a few megabytes at a time.
 */
export async function uploadIdentifier(
  file: Blob,
  options: { signal?: AbortSignal; onProgress?: (read: number, total: number) => void } = {},
): Promise<string> {
  const hash = sha256.create()
  for (let start = 0; start < file.size; start += HASH_SLICE_BYTES) {
    if (options.signal?.aborted) throw canceled()
    const end = Math.min(file.size, start + HASH_SLICE_BYTES)
    hash.update(new Uint8Array(await file.slice(start, end).arrayBuffer()))
    options.onProgress?.(end, file.size)
  }
  const hex = Array.from(hash.digest().subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${file.size}-${hex}`
}

/**
 * Where a chunked upload goes and what its finishing answer holds: `upload/img` and
 * `upload/images` answer an image, `upload/video` the probed video upload.
 */
export interface UploadTarget<R> {
  call: typeof uploadImg | typeof uploadImages | typeof uploadVideo
  /** The finished upload in a chunk's checked `data`, or undefined while it is not finished. */
  result(data: unknown): R | undefined
  /** The message of a 413 (the file is over the call's limit). */
  tooLarge: string
}

/** The image an `upload/img` or `upload/images` chunk answers once the upload is finished. */
export function imageTarget(call: typeof uploadImg | typeof uploadImages): UploadTarget<UploadedImage> {
  return {
    call,
    result(data) {
      const checked = v.safeParse(UploadChunkResultSchema, data)
      if (!checked.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
      return checked.output.done ? checked.output.image : undefined
    },
    tooLarge: t.upload.tooLarge(MAX_IMAGE_UPLOAD_MEGABYTES),
  }
}

/** A post's video through `upload/video`: the last chunk answers `videoUploadId` for post/publish. */
export function videoTarget(call: typeof uploadVideo): UploadTarget<UploadedVideo> {
  return {
    call,
    result(data) {
      const checked = v.safeParse(VideoChunkResultSchema, data)
      if (!checked.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
      return checked.output.done ? checked.output.video : undefined
    },
    tooLarge: t.upload.videoTooLarge(MAX_VIDEO_UPLOAD_MEGABYTES),
  }
}

function chunkParams(range: ChunkRange, count: number, totalSize: number, identifier: string) {
  return new URLSearchParams({
    chunkNumber: String(range.number),
    chunkSize: String(CHUNK_SIZE),
    currentChunkSize: String(range.end - range.start),
    totalSize: String(totalSize),
    identifier,
    filename: BLOB_NAME,
    relativePath: BLOB_NAME,
    totalChunks: String(count),
  })
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown
  } catch {
    return undefined
  }
}

/** The message of a refused chunk: the server's tip, else one per status (415 type, 413 size). */
function refusal(status: number, answer: unknown, tooLarge: string): ApiError {
  const { code, tip } = (answer ?? {}) as { code?: unknown; tip?: unknown }
  const numericCode = typeof code === 'number' ? code : undefined
  if (typeof tip === 'string' && tip) return new ApiError(ApiErrorKind.Business, tip, numericCode)
  if (status === 415) return new ApiError(ApiErrorKind.BadRequest, t.upload.unsupported, numericCode)
  if (status === 413) return new ApiError(ApiErrorKind.BadRequest, tooLarge, numericCode)
  if (status === 429) return new ApiError(ApiErrorKind.BadRequest, t.http.rateLimited, numericCode)
  return new ApiError(ApiErrorKind.BadResponse, t.upload.failed, numericCode)
}

/** A chunk's answer `{code, data, tip, msg}`: its data, or the refusal thrown. */
function chunkData(answer: unknown): unknown {
  const { code, data, tip, msg } = (answer ?? {}) as { code?: unknown; data?: unknown; tip?: unknown; msg?: unknown }
  if (code !== ResultCode.Ok) {
    const text = (typeof tip === 'string' && tip) || (typeof msg === 'string' && msg) || t.upload.failed
    throw new ApiError(ApiErrorKind.Business, text, typeof code === 'number' ? code : undefined)
  }
  return data
}

export interface ChunkedUploadEvents {
  /** Bytes the server has confirmed (sent or found present) out of the total. */
  onProgress?: (confirmed: number, total: number) => void
  /** Bytes read for the identifier's digest, before the first chunk. */
  onHashProgress?: (read: number, total: number) => void
}

/** One file's upload, which can be paused, resumed and retried. */
export interface ChunkedUpload<R> {
  /**
   * Starts the upload, resumes it after `pause`, or retries it after a failure, and resolves with
   * the finished upload. Chunks this object has seen confirmed are neither checked nor sent
   * again; the others are checked with a GET first, so a new object for the same bytes (after a
   * reload) skips what the server already holds. Rejects with a Canceled ApiError when paused.
   */
  run(): Promise<R>
  /** Aborts the chunks in flight; those already confirmed stay, for the next `run`. */
  pause(): void
  /** Bytes confirmed so far. */
  readonly confirmed: number
  /** Known once the digest is computed (the first `run`). */
  readonly identifier: string | undefined
}

/**
 * A chunked upload as simple-uploader sends it (SPEC §6): 1 MB chunks, 3 at a time, each first
 * checked with a GET of the same parameters (200: already there), no automatic retry — one
 * failed chunk stops the others, and `run` again picks up where it stopped.
 */
export function createChunkedUpload<R>(
  api: Pick<Api, 'signedFetch'>,
  target: UploadTarget<R>,
  file: Blob,
  events: ChunkedUploadEvents = {},
  /** The identifier computed earlier (a draft keeps it), so the file is not read again. */
  knownIdentifier?: string,
): ChunkedUpload<R> {
  const ranges = chunkRanges(file.size)
  const done = new Set<number>()
  let identifier = knownIdentifier
  let finished: R | undefined
  let current: AbortController | null = null
  const confirmedBytes = () =>
    ranges.reduce((sum, range) => sum + (done.has(range.number) ? range.end - range.start : 0), 0)

  const attempt = async (stop: AbortController): Promise<R> => {
    const signal = stop.signal
    identifier ??= await uploadIdentifier(file, { signal, onProgress: events.onHashProgress })
    const id = identifier
    events.onProgress?.(confirmedBytes(), file.size)

    const take = (data: unknown) => {
      const result = target.result(data)
      if (result !== undefined) finished = result
    }
    const send = async (range: ChunkRange, check: boolean) => {
      const params = chunkParams(range, ranges.length, file.size, id)
      if (check) {
        const present = await api.signedFetch(target.call, { method: 'GET', search: params, signal })
        // Reading the body frees the connection; a finished upload's check also names its result.
        const answer = await readJson(present)
        const data = (answer as { data?: { present?: unknown } } | undefined)?.data
        if (present.status === 200 && data?.present !== false) {
          if (data) take(data)
          return
        }
      }
      const form = new FormData()
      for (const [name, value] of params) form.set(name, value)
      form.set('file', file.slice(range.start, range.end), BLOB_NAME)
      const response = await api.signedFetch(target.call, { method: 'POST', body: form, signal })
      const answer = await readJson(response)
      if (!response.ok) throw refusal(response.status, answer, target.tooLarge)
      take(chunkData(answer))
    }

    const queue = ranges.filter((range) => !done.has(range.number))
    const worker = async () => {
      for (let range = queue.shift(); range; range = queue.shift()) {
        await send(range, true)
        done.add(range.number)
        events.onProgress?.(confirmedBytes(), file.size)
      }
    }
    await Promise.all(Array.from({ length: Math.min(CHUNKS_IN_FLIGHT, queue.length) }, worker))
    // Every chunk was already there (the answer that finished the upload was lost): sending the
    // last one again has the server answer the stored upload.
    if (finished === undefined) await send(ranges[ranges.length - 1]!, false)
    if (finished === undefined) throw new ApiError(ApiErrorKind.BadResponse, t.upload.failed)
    return finished
  }

  return {
    async run() {
      if (finished !== undefined) return finished
      current?.abort()
      const stop = new AbortController()
      current = stop
      try {
        return await attempt(stop)
      } catch (error) {
        // One failed chunk stops the others: nothing is retried, so the rest would be wasted bytes.
        const paused = stop.signal.aborted
        stop.abort()
        throw paused ? canceled() : error
      } finally {
        if (current === stop) current = null
      }
    },
    pause() {
      current?.abort()
    },
    get confirmed() {
      return confirmedBytes()
    },
    get identifier() {
      return identifier
    },
  }
}

export interface UploadOptions {
  /** Bytes the server has confirmed (sent or found present) out of the total. */
  onProgress?: (confirmed: number, total: number) => void
  signal?: AbortSignal
}

/** Uploads an image in one go (the avatar): a chunked upload that `signal` cancels. */
export async function uploadImage(
  api: Pick<Api, 'signedFetch'>,
  call: typeof uploadImg | typeof uploadImages,
  file: Blob,
  options: UploadOptions = {},
): Promise<UploadedImage> {
  const upload = createChunkedUpload(api, imageTarget(call), file, { onProgress: options.onProgress })
  if (options.signal?.aborted) throw canceled()
  const handleAbort = () => upload.pause()
  options.signal?.addEventListener('abort', handleAbort)
  try {
    return await upload.run()
  } finally {
    options.signal?.removeEventListener('abort', handleAbort)
  }
}
