import * as v from 'valibot'
import { UploadChunkResultSchema, type UploadedImageSchema } from '../../core/contracts/account.ts'
import type { uploadImages, uploadImg } from '../../core/contracts/calls.ts'
import {
  chunkCount,
  MAX_UPLOAD_BYTES,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_SIMULTANEOUS_CHUNKS,
} from '../../core/contracts/upload.ts'
import { ResultCode } from '../../core/protocol/codes.ts'
import { protocolCrypto } from './crypto.ts'
import { ApiError, ApiErrorKind, type Api } from './http.ts'
import { t } from './messages-uploads.ts'

/** simple-uploader's settings as the server expects them (server/modules/uploads/README.md), with no retries. */
export const CHUNK_SIZE = UPLOAD_CHUNK_SIZE
const CHUNKS_IN_FLIGHT = UPLOAD_SIMULTANEOUS_CHUNKS
export const MAX_IMAGE_UPLOAD_BYTES = MAX_UPLOAD_BYTES
export const MAX_IMAGE_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024)
/** Never a real file name: the server does not use it, and a name can say more than the user meant. */
const BLOB_NAME = 'blob'

export type UploadedImage = v.InferOutput<typeof UploadedImageSchema>

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

/**
 * The upload's identifier: the size and a digest of the bytes, so the same image sent again
 * (after a reload or a lost connection) finds the chunks already there, and no name is involved.
 */
export async function uploadIdentifier(file: Blob): Promise<string> {
  // The protocol's SHA-256, which also works where crypto.subtle does not (plain-http origins).
  const digest = await protocolCrypto.sha256(new Uint8Array(await file.arrayBuffer()))
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${file.size}-${hex}`
}

export interface UploadOptions {
  /** Bytes the server has confirmed (sent or found present) out of the total. */
  onProgress?: (confirmed: number, total: number) => void
  signal?: AbortSignal
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
function refusal(status: number, answer: unknown): ApiError {
  const { code, tip } = (answer ?? {}) as { code?: unknown; tip?: unknown }
  const numericCode = typeof code === 'number' ? code : undefined
  if (typeof tip === 'string' && tip) return new ApiError(ApiErrorKind.Business, tip, numericCode)
  if (status === 415) return new ApiError(ApiErrorKind.BadRequest, t.upload.unsupported, numericCode)
  if (status === 413)
    return new ApiError(ApiErrorKind.BadRequest, t.upload.tooLarge(MAX_IMAGE_UPLOAD_MEGABYTES), numericCode)
  if (status === 429) return new ApiError(ApiErrorKind.BadRequest, t.http.rateLimited, numericCode)
  return new ApiError(ApiErrorKind.BadResponse, t.upload.failed, numericCode)
}

/** A chunk's answer `{code, data, tip, msg}`, its data checked; a refusal throws. */
function chunkResult(answer: unknown) {
  const { code, data, tip, msg } = (answer ?? {}) as { code?: unknown; data?: unknown; tip?: unknown; msg?: unknown }
  if (code !== ResultCode.Ok) {
    const text = (typeof tip === 'string' && tip) || (typeof msg === 'string' && msg) || t.upload.failed
    throw new ApiError(ApiErrorKind.Business, text, typeof code === 'number' ? code : undefined)
  }
  const checked = v.safeParse(UploadChunkResultSchema, data)
  if (!checked.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
  return checked.output
}

/**
 * Uploads `file` through the chunked upload protocol and resolves with the stored image.
 * Each chunk is first checked with a GET of the same parameters (200: already there, skipped),
 * which is what lets a second attempt at the same file resume; no chunk is retried.
 */
export async function uploadImage(
  api: Pick<Api, 'signedFetch'>,
  call: typeof uploadImg | typeof uploadImages,
  file: Blob,
  options: UploadOptions = {},
): Promise<UploadedImage> {
  const ranges = chunkRanges(file.size)
  const identifier = await uploadIdentifier(file)
  // One failed chunk stops the others: nothing is retried, so the rest would be wasted bytes.
  const stop = new AbortController()
  const signal = stop.signal
  const handleAbort = () => stop.abort()
  if (options.signal?.aborted) stop.abort()
  options.signal?.addEventListener('abort', handleAbort)
  let confirmed = 0
  let image: UploadedImage | undefined
  options.onProgress?.(0, file.size)

  const send = async (range: ChunkRange, check: boolean) => {
    const params = chunkParams(range, ranges.length, file.size, identifier)
    if (check) {
      const present = await api.signedFetch(call, { method: 'GET', search: params, signal })
      // The body is not needed, only the status; reading it frees the connection.
      const answer = await readJson(present)
      const data = (answer as { data?: { present?: unknown } } | undefined)?.data
      if (present.status === 200 && data?.present !== false) return
    }
    const form = new FormData()
    for (const [name, value] of params) form.set(name, value)
    form.set('file', file.slice(range.start, range.end), BLOB_NAME)
    const response = await api.signedFetch(call, { method: 'POST', body: form, signal })
    const answer = await readJson(response)
    if (!response.ok) throw refusal(response.status, answer)
    const result = chunkResult(answer)
    if (result.done && result.image) image = result.image
  }

  const queue = [...ranges]
  const worker = async () => {
    for (let range = queue.shift(); range; range = queue.shift()) {
      await send(range, true)
      confirmed += range.end - range.start
      options.onProgress?.(confirmed, file.size)
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(CHUNKS_IN_FLIGHT, ranges.length) }, worker))
    // Every chunk was already there (the answer that finished the image was lost): sending the
    // last one again has the server answer the stored image.
    if (!image) await send(ranges[ranges.length - 1]!, false)
  } catch (error) {
    stop.abort()
    throw error
  } finally {
    options.signal?.removeEventListener('abort', handleAbort)
  }
  if (!image) throw new ApiError(ApiErrorKind.BadResponse, t.upload.failed)
  return image
}
