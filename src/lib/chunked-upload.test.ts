import { sha256 } from '@noble/hashes/sha2.js'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import type { Call } from '../../core/contracts/call.ts'
import { uploadImg } from '../../core/contracts/calls.ts'
import { uploadVideo } from '../../core/contracts/calls.ts'
import { UPLOAD_IDENTIFIER_PATTERN, UploadChunkParamsSchema } from '../../core/contracts/upload.ts'
import {
  CHUNK_SIZE,
  chunkRanges,
  createChunkedUpload,
  uploadIdentifier,
  uploadImage,
  videoTarget,
} from './chunked-upload.ts'
import { ApiError, ApiErrorKind, type SignedRequest } from './http.ts'
import { t } from './messages-uploads.ts'

const IMAGE = { imageId: 'AAAAAAAAAAAAAAAA', url: 'i/a.jpg', width: 512, height: 512 }
const VIDEO = { videoUploadId: 41, duration: 12 }

function bytes(size: number): Uint8Array<ArrayBuffer> {
  const content = new Uint8Array(size)
  for (let index = 0; index < size; index++) content[index] = (index * 7) % 251
  return content
}

/**
 * A server keeping chunks per identifier, answering the GET check with 200 when a chunk is there
 * (204 otherwise) and the image once every chunk has arrived. `refuse` answers a POST instead.
 */
function fakeServer(
  refuse?: (chunkNumber: number) => Response | undefined,
  hold?: (chunkNumber: number, signal: AbortSignal | undefined) => Promise<void> | undefined,
) {
  const chunks = new Map<string, Map<number, Uint8Array>>()
  const posted: Array<Record<string, string>> = []
  const checked: number[] = []
  const calls: string[] = []
  const signedFetch = vi.fn(async (call: Call, request: SignedRequest) => {
    calls.push(call.name)
    // As the server reads them: the query of the GET check, the form fields of a POST (no query).
    const params =
      request.method === 'GET'
        ? Object.fromEntries(request.search!)
        : (Object.fromEntries([...request.body!].filter(([, value]) => typeof value === 'string')) as Record<
            string,
            string
          >)
    if (request.method === 'POST') expect(request.search).toBeUndefined()
    // The server's own contract takes what is sent: the identifier's alphabet, the names.
    expect(v.safeParse(UploadChunkParamsSchema, params).issues).toBeUndefined()
    const number = Number(params.chunkNumber)
    const stored = chunks.get(params.identifier!) ?? new Map<number, Uint8Array>()
    chunks.set(params.identifier!, stored)
    if (request.method === 'GET') {
      checked.push(number)
      return new Response(null, { status: stored.has(number) ? 200 : 204 })
    }
    const form = request.body!
    posted.push(
      Object.fromEntries([...form].filter(([, value]) => typeof value === 'string')) as Record<string, string>,
    )
    const refusal = refuse?.(number)
    if (refusal) return refusal
    await hold?.(number, request.signal)
    if (request.signal?.aborted) throw new ApiError(ApiErrorKind.Canceled, 'canceled')
    const file = form.get('file') as Blob
    stored.set(number, new Uint8Array(await file.arrayBuffer()))
    const done = stored.size === Number(params.totalChunks)
    const result = call.name === 'upload/video' ? { video: VIDEO } : { image: IMAGE }
    return Response.json({ code: 200, data: done ? { done, ...result } : { done }, tip: '', msg: '' })
  })
  const assembled = (identifier: string) => {
    const stored = chunks.get(identifier)!
    const parts = [...stored.keys()].sort((a, b) => a - b).map((key) => stored.get(key)!)
    const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
    parts.reduce((offset, part) => (whole.set(part, offset), offset + part.length), 0)
    return whole
  }
  return { api: { signedFetch }, signedFetch, posted, checked, calls, assembled, chunks }
}

/** Compared by hand: a deep equality over megabytes takes seconds. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}

describe('chunkRanges', () => {
  it('cuts whole chunks and lets the last absorb the remainder', () => {
    expect(chunkRanges(2.5 * CHUNK_SIZE)).toEqual([
      { number: 1, start: 0, end: CHUNK_SIZE },
      { number: 2, start: CHUNK_SIZE, end: 2.5 * CHUNK_SIZE },
    ])
    expect(chunkRanges(1000)).toEqual([{ number: 1, start: 0, end: 1000 }])
    expect(chunkRanges(3 * CHUNK_SIZE).map((range) => range.end - range.start)).toEqual([
      CHUNK_SIZE,
      CHUNK_SIZE,
      CHUNK_SIZE,
    ])
  })
})

describe('uploadImage', () => {
  it("sends simple-uploader's parameters with no file name, reports progress and resolves with the image", async () => {
    const server = fakeServer()
    const content = bytes(2.5 * CHUNK_SIZE)
    const progress: number[] = []
    const image = await uploadImage(server.api, uploadImg, new Blob([content], { type: 'image/jpeg' }), {
      onProgress: (confirmed, total) => {
        expect(total).toBe(content.length)
        progress.push(confirmed)
      },
    })
    expect(image).toEqual(IMAGE)
    expect(server.posted.map((fields) => fields.chunkNumber).sort()).toEqual(['1', '2'])
    const last = server.posted.find((fields) => fields.chunkNumber === '2')!
    expect(last).toMatchObject({
      chunkSize: String(CHUNK_SIZE),
      currentChunkSize: String(1.5 * CHUNK_SIZE),
      totalSize: String(content.length),
      totalChunks: '2',
      filename: 'blob',
      relativePath: 'blob',
    })
    expect(last.identifier).toMatch(new RegExp(`^${content.length}-[0-9a-f]{32}$`))
    expect(sameBytes(server.assembled(last.identifier!), content)).toBe(true)
    expect(progress[0]).toBe(0)
    expect(progress.at(-1)).toBe(content.length)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  })

  it('resumes: a second attempt at the same file skips the chunks the server already has', async () => {
    let failing = true
    const server = fakeServer((chunkNumber) =>
      failing && chunkNumber === 4 ? Response.json({ code: 500, msg: 'disk' }, { status: 500 }) : undefined,
    )
    const content = bytes(4 * CHUNK_SIZE + 10)
    const file = new Blob([content])
    await expect(uploadImage(server.api, uploadImg, file)).rejects.toThrow(t.upload.failed)
    expect(server.posted.map((fields) => fields.chunkNumber).sort()).toEqual(['1', '2', '3', '4'])

    failing = false
    server.posted.length = 0
    const progress: number[] = []
    await expect(
      uploadImage(server.api, uploadImg, file, { onProgress: (confirmed) => progress.push(confirmed) }),
    ).resolves.toEqual(IMAGE)
    expect(server.posted.map((fields) => fields.chunkNumber)).toEqual(['4'])
    expect(progress.at(-1)).toBe(content.length)
    expect(sameBytes(server.assembled(server.posted[0]!.identifier!), content)).toBe(true)
  })

  it('asks for the image again when every chunk was already there', async () => {
    const server = fakeServer()
    const file = new Blob([bytes(1000)])
    await uploadImage(server.api, uploadImg, file)
    server.posted.length = 0
    await expect(uploadImage(server.api, uploadImg, file)).resolves.toEqual(IMAGE)
    expect(server.posted.map((fields) => fields.chunkNumber)).toEqual(['1'])
  })

  it('fails on 415 with the unsupported-type message and sends no further chunk', async () => {
    const server = fakeServer(() => Response.json({ code: 4150, msg: 'not an image' }, { status: 415 }))
    const failure = uploadImage(server.api, uploadImg, new Blob([bytes(6 * CHUNK_SIZE)]))
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toThrow(t.upload.unsupported)
    // Three chunks were in flight when the first refusal came back; none after it.
    expect(server.posted.length).toBeLessThanOrEqual(3)
  })

  it("shows a refusal's tip when the server gives one", async () => {
    const server = fakeServer(() => Response.json({ code: 7031, data: null, tip: '今日上传次数已用完', msg: '' }))
    await expect(uploadImage(server.api, uploadImg, new Blob([bytes(10)]))).rejects.toThrow('今日上传次数已用完')
  })
})

describe('uploadIdentifier', () => {
  it('digests the file slice by slice to the same SHA-256 as the whole, reporting what it has read', async () => {
    const content = bytes(9 * CHUNK_SIZE + 3)
    const read: number[] = []
    const identifier = await uploadIdentifier(new Blob([content]), { onProgress: (bytesRead) => read.push(bytesRead) })
    const whole = Array.from(sha256(content).subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')
    expect(identifier).toBe(`${content.length}-${whole}`)
    expect(identifier).toMatch(UPLOAD_IDENTIFIER_PATTERN)
    expect(read).toEqual([4 * CHUNK_SIZE, 8 * CHUNK_SIZE, content.length])
  })

  it('stops reading when aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(uploadIdentifier(new Blob([bytes(10)]), { signal: controller.signal })).rejects.toMatchObject({
      kind: ApiErrorKind.Canceled,
    })
  })
})

/** Chunks whose POST waits until released (or aborted), to pause an upload in the middle. */
function heldChunks() {
  const waiting = new Map<number, () => void>()
  const hold = (chunkNumber: number, signal: AbortSignal | undefined) =>
    new Promise<void>((resolve) => {
      waiting.set(chunkNumber, resolve)
      signal?.addEventListener('abort', () => {
        if (waiting.get(chunkNumber) === resolve) waiting.delete(chunkNumber)
        resolve()
      })
    })
  const release = (chunkNumber: number) => {
    waiting.get(chunkNumber)?.()
    waiting.delete(chunkNumber)
  }
  return { hold, release, waiting }
}

describe('createChunkedUpload', () => {
  it('uploads a video to upload/video and resolves with the upload to publish', async () => {
    const server = fakeServer()
    const content = bytes(3 * CHUNK_SIZE + 5)
    const upload = createChunkedUpload(server.api, videoTarget(uploadVideo), new Blob([content], { type: 'video/mp4' }))
    await expect(upload.run()).resolves.toEqual(VIDEO)
    expect(new Set(server.calls)).toEqual(new Set(['upload/video']))
    expect(upload.confirmed).toBe(content.length)
    expect(sameBytes(server.assembled(upload.identifier!), content)).toBe(true)
    // Finished: running again asks nothing.
    server.signedFetch.mockClear()
    await expect(upload.run()).resolves.toEqual(VIDEO)
    expect(server.signedFetch).not.toHaveBeenCalled()
  })

  it('pauses (aborting the chunks in flight, keeping the confirmed ones) and resumes with the rest only', async () => {
    const held = heldChunks()
    const server = fakeServer(undefined, held.hold)
    const content = bytes(5 * CHUNK_SIZE)
    const progress: number[] = []
    const upload = createChunkedUpload(server.api, videoTarget(uploadVideo), new Blob([content]), {
      onProgress: (confirmed) => progress.push(confirmed),
    })
    const first = upload.run()
    await vi.waitFor(() => expect(held.waiting.size).toBe(3))
    held.release(1)
    await vi.waitFor(() => expect(upload.confirmed).toBe(CHUNK_SIZE))
    await vi.waitFor(() => expect(held.waiting.has(4)).toBe(true))
    upload.pause()
    await expect(first).rejects.toMatchObject({ kind: ApiErrorKind.Canceled })
    expect(upload.confirmed).toBe(CHUNK_SIZE)
    expect(held.waiting.size).toBe(0)

    server.checked.length = 0
    server.posted.length = 0
    const second = upload.run()
    await vi.waitFor(() => expect(held.waiting.size).toBe(3))
    for (const number of [2, 3, 4]) held.release(number)
    await vi.waitFor(() => expect(held.waiting.has(5)).toBe(true))
    held.release(5)
    await expect(second).resolves.toEqual(VIDEO)
    // Chunk 1 was confirmed before the pause: neither checked nor sent again.
    expect(server.checked.sort()).toEqual([2, 3, 4, 5])
    expect(server.posted.map((fields) => Number(fields.chunkNumber)).sort()).toEqual([2, 3, 4, 5])
    expect(progress.at(-1)).toBe(content.length)
    expect(sameBytes(server.assembled(upload.identifier!), content)).toBe(true)
  })

  it('retries after a failure from where it stopped', async () => {
    let failures = 1
    const server = fakeServer((chunkNumber) =>
      chunkNumber === 2 && failures-- > 0 ? new Response('bad gateway', { status: 502 }) : undefined,
    )
    const content = bytes(2 * CHUNK_SIZE)
    const upload = createChunkedUpload(server.api, videoTarget(uploadVideo), new Blob([content]))
    await expect(upload.run()).rejects.toThrow(t.upload.failed)
    const confirmedBefore = upload.confirmed
    server.posted.length = 0
    await expect(upload.run()).resolves.toEqual(VIDEO)
    expect(server.posted.map((fields) => fields.chunkNumber)).toContain('2')
    expect(server.posted.length).toBe(confirmedBefore === CHUNK_SIZE ? 1 : 2)
  })

  it("takes a finished upload from the GET check's answer", async () => {
    const content = bytes(1000)
    const identifier = await uploadIdentifier(new Blob([content]))
    const signedFetch = vi.fn(async () =>
      Response.json({ code: 200, data: { present: true, done: true, video: VIDEO }, tip: '', msg: '' }),
    )
    const upload = createChunkedUpload({ signedFetch }, videoTarget(uploadVideo), new Blob([content]), {}, identifier)
    await expect(upload.run()).resolves.toEqual(VIDEO)
    expect(signedFetch).toHaveBeenCalledTimes(1)
  })

  it("says a refused video is too large with the video's limit", async () => {
    const server = fakeServer(() => new Response(null, { status: 413 }))
    const upload = createChunkedUpload(server.api, videoTarget(uploadVideo), new Blob([bytes(10)]))
    await expect(upload.run()).rejects.toThrow(t.upload.videoTooLarge(500))
  })
})
