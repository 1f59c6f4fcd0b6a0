import * as v from 'valibot'
import { PlainTextSchema } from './fields.ts'

/** The largest image upload/img and upload/images take. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The chunk size the app sends (simple-uploader `chunkSize`), 3 at a time. */
export const UPLOAD_CHUNK_SIZE = 1024 * 1024
export const UPLOAD_SIMULTANEOUS_CHUNKS = 3
/** Smaller chunks would only multiply requests and rows. */
export const MIN_UPLOAD_CHUNK_SIZE = 1024
export const MAX_UPLOAD_CHUNKS = 1024
export const MAX_UPLOAD_IDENTIFIER_LENGTH = 200

/**
 * The size of chunk `chunkNumber`: every chunk is `chunkSize` bytes but the last, which absorbs
 * the remainder (simple-uploader with forceChunkSize false), so it holds up to 2 × chunkSize − 1.
 */
export function expectedChunkSize(params: { chunkNumber: number; chunkSize: number; totalSize: number }): number {
  const totalChunks = chunkCount(params.totalSize, params.chunkSize)
  return params.chunkNumber < totalChunks ? params.chunkSize : params.totalSize - (totalChunks - 1) * params.chunkSize
}

/** How many chunks simple-uploader cuts a file into (the last absorbs the remainder). */
export function chunkCount(totalSize: number, chunkSize: number): number {
  return Math.max(1, Math.floor(totalSize / chunkSize))
}

/** A multipart field or query parameter holding a whole number from min to max. */
function wholeNumber(min: number, max: number) {
  const reason = `must be a whole number from ${min} to ${max}`
  return v.pipe(
    v.string(reason),
    v.regex(/^[0-9]{1,10}$/, reason),
    v.transform(Number),
    v.minValue(min, reason),
    v.maxValue(max, reason),
  )
}

/**
 * simple-uploader's parameters of one chunk, as multipart fields (POST) or query parameters
 * (the GET check). `filename` and `relativePath` are sent too but not named here, so parsing
 * drops them: nothing on the server can use them.
 */
export const UploadChunkParamsSchema = v.pipe(
  v.object({
    chunkNumber: wholeNumber(1, MAX_UPLOAD_CHUNKS),
    chunkSize: wholeNumber(MIN_UPLOAD_CHUNK_SIZE, UPLOAD_CHUNK_SIZE),
    currentChunkSize: wholeNumber(1, 2 * UPLOAD_CHUNK_SIZE),
    totalSize: wholeNumber(1, MAX_UPLOAD_CHUNKS * UPLOAD_CHUNK_SIZE),
    totalChunks: wholeNumber(1, MAX_UPLOAD_CHUNKS),
    identifier: v.pipe(
      PlainTextSchema,
      v.minLength(1, 'must not be empty'),
      v.maxLength(MAX_UPLOAD_IDENTIFIER_LENGTH, `must be at most ${MAX_UPLOAD_IDENTIFIER_LENGTH} characters`),
    ),
  }),
  v.forward(
    v.check(
      (p) => p.totalChunks === chunkCount(p.totalSize, p.chunkSize),
      'does not match totalSize and chunkSize (the last chunk absorbs the remainder)',
    ),
    ['totalChunks'],
  ),
  v.forward(
    v.check((p) => p.chunkNumber <= p.totalChunks, 'is past totalChunks'),
    ['chunkNumber'],
  ),
  v.forward(
    v.check((p) => p.currentChunkSize === expectedChunkSize(p), 'does not match the chunk’s place in the file'),
    ['currentChunkSize'],
  ),
)
export type UploadChunkParams = v.InferOutput<typeof UploadChunkParamsSchema>
