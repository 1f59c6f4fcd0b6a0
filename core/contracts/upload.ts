import * as v from 'valibot'
import { CONTROL_CHARACTER } from './text.ts'

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
 * simple-uploader's own identifier alphabet: its default generator is the size, '-' and the
 * relative path with everything else removed. The app sends the size, '-' and a hex digest.
 */
export const UPLOAD_IDENTIFIER_PATTERN = /^[0-9A-Za-z_-]+$/

/**
 * Why a name the client sends (`filename`, `relativePath`) is refused, or undefined for a plain
 * relative name. The server never builds a path from one; a name shaped like a way out of a
 * folder is refused all the same, before anything is written (issue 20).
 */
function unsafeNameReason(name: string): string | undefined {
  if (CONTROL_CHARACTER.test(name)) return 'must not contain control characters'
  if (name.includes('\\')) return 'must not contain a backslash'
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'must not be an absolute path'
  if (name.split('/').includes('..')) return 'must not contain a “..” segment'
  return undefined
}

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

/** `filename` or `relativePath`: checked, then dropped (below). */
const ClientNameSchema = v.optional(
  v.pipe(
    v.string('must be text'),
    v.rawCheck(({ dataset, addIssue }) => {
      const reason = dataset.typed ? unsafeNameReason(dataset.value) : undefined
      if (reason) addIssue({ message: reason })
    }),
  ),
)

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
 * (the GET check). `filename` and `relativePath` are refused when they look like a path out of a
 * folder (`unsafeNameReason`) and otherwise dropped by the parse: nothing on the server can use them.
 */
export const UploadChunkParamsSchema = v.pipe(
  v.object({
    chunkNumber: wholeNumber(1, MAX_UPLOAD_CHUNKS),
    chunkSize: wholeNumber(MIN_UPLOAD_CHUNK_SIZE, UPLOAD_CHUNK_SIZE),
    currentChunkSize: wholeNumber(1, 2 * UPLOAD_CHUNK_SIZE),
    totalSize: wholeNumber(1, MAX_UPLOAD_CHUNKS * UPLOAD_CHUNK_SIZE),
    totalChunks: wholeNumber(1, MAX_UPLOAD_CHUNKS),
    identifier: v.pipe(
      v.string('must be text'),
      v.minLength(1, 'must not be empty'),
      v.maxLength(MAX_UPLOAD_IDENTIFIER_LENGTH, `must be at most ${MAX_UPLOAD_IDENTIFIER_LENGTH} characters`),
      v.regex(UPLOAD_IDENTIFIER_PATTERN, 'may hold only letters, digits, “_” and “-”'),
    ),
    filename: ClientNameSchema,
    relativePath: ClientNameSchema,
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
  v.transform(({ filename: _filename, relativePath: _relativePath, ...params }) => params),
)
export type UploadChunkParams = v.InferOutput<typeof UploadChunkParamsSchema>
