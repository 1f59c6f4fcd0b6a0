import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_VIDEO_UPLOAD_BYTES } from '../../../core/contracts/community-rules.ts'
import { chunkCount } from '../../../core/contracts/upload.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { users } from '../../db/schema/accounts.ts'
import { postVideos } from '../../db/schema/community.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { uploadChunks, uploads } from '../../db/schema/uploads.ts'
import { makeTestClip, writeNoiseFile } from '../../media-pipeline/test-clip.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { loginGuest } from '../wallet/testing.ts'
import { createPostVideos } from '../community/post-videos.ts'
import { createUploadsService, UPLOAD_TTL_MS } from './service.ts'
import { createVideoUploads, MAX_VIDEO_UPLOADS_PER_USER_PER_DAY } from './video.ts'

const work = mkdtempSync(join(tmpdir(), 'marquee-video-upload-'))
const dataDir = join(work, 'data')
const uploadsDir = join(dataDir, 'uploads')
let clip: Buffer
let longClip: Buffer
let noise: Buffer

beforeAll(async () => {
  clip = await readFile(await makeTestClip(work, { seconds: 2, width: 160, height: 120, rate: 10 }))
  longClip = await readFile(
    await makeTestClip(work, { seconds: 601, width: 32, height: 32, rate: 1, audio: false, name: 'long.mp4' }),
  )
  noise = await readFile(await writeNoiseFile(work, 20_000))
})
afterAll(() => rm(work, { recursive: true, force: true }))

type Answer = { done: boolean; present?: boolean; video?: { videoUploadId: number; duration: number } }

function chunksOf(bytes: Uint8Array, chunkSize: number, identifier: string) {
  const totalChunks = chunkCount(bytes.length, chunkSize)
  return Array.from({ length: totalChunks }, (_, i) => {
    const start = i * chunkSize
    const end = i === totalChunks - 1 ? bytes.length : start + chunkSize
    return {
      params: {
        chunkNumber: i + 1,
        chunkSize,
        currentChunkSize: end - start,
        totalSize: bytes.length,
        identifier,
        filename: 'movie.mp4',
        relativePath: 'movie.mp4',
        totalChunks,
      },
      bytes: bytes.subarray(start, end),
    }
  })
}
type Chunk = ReturnType<typeof chunksOf>[number]

/** A seeded generator (mulberry32), so every run shuffles the same way. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}
function shuffle<T>(items: T[], next: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe.each(BACKENDS)('upload/video (%s)', (backend) => {
  // The 50 uploads send more chunks than a session's rate limit lets through in a minute.
  const t = useTestApp(backend, { config: { dataDir, rateLimitPerSession: 0, rateLimitPerIp: 0 }, poolSize: 6 })
  // Ids start at 1 again in each test's database: so do the files.
  beforeEach(() => rm(dataDir, { recursive: true, force: true }))

  const send = (chunk: Chunk) => t.client.uploadChunk('upload/video', chunk.params, chunk.bytes)
  const check = (chunk: Chunk) => t.client.checkChunk('upload/video', chunk.params)
  /** Sends chunks three at a time, as the app does; answers the answers. */
  async function sendAll(chunks: Chunk[]) {
    const answers = []
    for (let i = 0; i < chunks.length; i += 3) answers.push(...(await Promise.all(chunks.slice(i, i + 3).map(send))))
    return answers
  }

  it('chunks shuffled, duplicated, interrupted and resumed: the stored file is the source, 50 of 50', async () => {
    // The files are checked before any job transcodes (and removes) them.
    await t.app.jobs.stop()
    await loginGuest(t.client, 'device-video-sha')
    const next = random(22)
    const source = sha256(clip)
    const stored: string[] = []
    for (let run = 0; run < 50; run++) {
      if (run > 0 && run % MAX_VIDEO_UPLOADS_PER_USER_PER_DAY === 0) t.clock.advance(UPLOAD_TTL_MS + 1)
      const chunkSize = 1024 * (3 + (run % 3))
      const chunks = chunksOf(clip, chunkSize, `clip-${run}`)
      const order = shuffle(chunks, next)
      // Some chunks twice, and the upload stops part way (a reload, a lost network).
      const cut = 1 + Math.floor(next() * (order.length - 2))
      const firstPass = [...order.slice(0, cut), ...order.slice(0, Math.min(2, cut))]
      for (const answer of await sendAll(firstPass)) expect(answer.status).toBe(200)
      // The resumed upload asks which chunks the server kept and sends the others.
      const checks = await Promise.all(chunks.map(check))
      expect(checks.filter((answer) => answer.status === 200)).toHaveLength(cut)
      const missing = chunks.filter((_, i) => checks[i]!.status === 204)
      const answers = await sendAll(shuffle([...missing, missing[0]!], next))
      const done = answers.map((answer) => answer.body.data as Answer).filter((data) => data.done)
      expect(done.length).toBeGreaterThanOrEqual(1)
      const id = done[0]!.video!.videoUploadId
      expect(done.every((data) => data.video?.videoUploadId === id)).toBe(true)
      const [row] = await t.db.select().from(postVideos).where(eq(postVideos.id, id))
      stored.push(sha256(await readFile(join(dataDir, row!.sourcePath!))))
    }
    expect(stored.filter((hash) => hash === source)).toHaveLength(50)
    expect(await t.db.select().from(uploadChunks)).toEqual([])
    expect(await t.db.select().from(jobs)).toHaveLength(50)
  }, 180_000)

  it('the last chunk probes the file: a post video (processing) and its job, answered again to a retry', async () => {
    await t.app.jobs.stop()
    const userId = await loginGuest(t.client, 'device-video-one')
    const chunks = chunksOf(clip, 8192, 'one')
    const answers = await sendAll(chunks)
    // Whichever chunk arrives last completes the upload; every other answers not done.
    const last = answers.find((answer) => (answer.body.data as Answer).done)!
    expect(answers.filter((answer) => answer !== last).map((answer) => answer.body.data)).toEqual(
      answers.slice(1).map(() => ({ done: false })),
    )
    expect(last.sealed).toBe(false)
    const { video } = last.body.data as Answer
    expect(video).toEqual({ videoUploadId: expect.any(Number), duration: 2 })
    const [row] = await t.db.select().from(postVideos)
    expect(row).toMatchObject({
      id: video!.videoUploadId,
      ownerId: userId,
      state: 'processing',
      sourcePath: expect.stringMatching(/^uploads\/video-[0-9]+$/),
      videoId: null,
    })
    expect(row!.duration).toBeCloseTo(2, 0)
    expect(await t.db.select().from(jobs)).toEqual([
      expect.objectContaining({ kind: 'post-video', payload: { postVideoId: row!.id }, state: 'queued' }),
    ])
    const [upload] = await t.db.select().from(uploads)
    expect(upload).toMatchObject({ kind: 'video', owner: `u:${userId}`, completedAt: expect.any(Date) })

    // A chunk sent again, and the GET check, answer the same video; nothing new is made.
    expect((await send(chunks[0]!)).body.data).toEqual({ done: true, video })
    const checked = await check(chunks[1]!)
    expect([checked.status, checked.body.data]).toEqual([200, { present: true, done: true, video }])
    expect(await t.db.select().from(postVideos)).toHaveLength(1)
    expect(await t.db.select().from(jobs)).toHaveLength(1)
  })

  it('the same file again once its video is on a post (a rejected one, say) is a new upload with a new video', async () => {
    await t.app.jobs.stop()
    await loginGuest(t.client, 'device-video-again')
    const chunks = chunksOf(clip, 8192, 'again')
    const first = (await sendAll(chunks)).map((answer) => answer.body.data as Answer).find((answer) => answer.done)!
    const published = await t.client.call('post/publish', {
      categoryId: 1,
      content: '第一次',
      videoUploadId: first.video!.videoUploadId,
    })
    expect(published.body.code).toBe(200)

    // The GET check asks for the chunks again; sent, they make a second post video.
    expect((await check(chunks[0]!)).status).toBe(204)
    const second = (await sendAll(chunks)).map((answer) => answer.body.data as Answer).find((answer) => answer.done)!
    expect(second.video!.videoUploadId).not.toBe(first.video!.videoUploadId)
    expect(await t.db.select().from(postVideos)).toHaveLength(2)
    const again = await t.client.call('post/publish', {
      categoryId: 1,
      content: '第二次',
      videoUploadId: second.video!.videoUploadId,
    })
    expect(again.body.code).toBe(200)
  })

  it('refuses by their bytes what is not a video, named .mp4 or not: 415, nothing kept', async () => {
    await loginGuest(t.client, 'device-video-noise')
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
    const playlist = Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`)
    for (const [name, bytes] of [
      ['noise', noise],
      ['png', png],
      ['playlist', Buffer.concat([playlist, Buffer.alloc(1024 - (playlist.length % 1024), 0x0a)])],
    ] as const) {
      const answers = await sendAll(chunksOf(bytes, 1024, name))
      const last = answers.find((answer) => answer.status !== 200)!
      expect(last.status, name).toBe(415)
      expect(last.body, name).toMatchObject({ code: 4000, msg: expect.stringMatching(/^file: /) })
    }
    expect(await t.db.select().from(uploads)).toEqual([])
    expect(await t.db.select().from(uploadChunks)).toEqual([])
    expect(await t.db.select().from(postVideos)).toEqual([])
    expect(await readdir(uploadsDir)).toEqual([])
  })

  it('refuses a video over 10 minutes (415) and a file over 500 MB from its totalSize (413)', async () => {
    await loginGuest(t.client, 'device-video-long')
    const answers = await sendAll(chunksOf(longClip, 64 * 1024, 'long'))
    const refused = answers.find((answer) => answer.status !== 200)!
    expect(refused.status).toBe(415)
    expect(refused.body.msg).toMatch(/longer than 600 seconds/)

    const chunkSize = 1024 * 1024
    const totalSize = MAX_VIDEO_UPLOAD_BYTES + 1
    const big = await t.client.uploadChunk(
      'upload/video',
      {
        chunkNumber: 1,
        chunkSize,
        currentChunkSize: chunkSize,
        totalSize,
        identifier: 'big',
        totalChunks: chunkCount(totalSize, chunkSize),
      },
      Buffer.alloc(chunkSize),
    )
    expect(big.status).toBe(413)
    expect(await t.db.select().from(uploads)).toEqual([])
  })

  it('a banned user gets 7050 (403) on upload/video and upload/img; reading still works', async () => {
    const userId = await loginGuest(t.client, 'device-video-banned')
    await t.db
      .update(users)
      .set({ bannedUntil: new Date(t.clock.now() + 3600_000) })
      .where(eq(users.id, userId))
    const [chunk] = chunksOf(clip, 8192, 'banned')
    for (const call of ['upload/video', 'upload/img']) {
      const answer = await t.client.uploadChunk(call, chunk!.params, chunk!.bytes)
      expect(answer.status, call).toBe(403)
      expect(answer.body, call).toMatchObject({ code: BusinessCode.Banned, tip: expect.any(String) })
    }
    expect(await t.db.select().from(uploads)).toEqual([])
    expect((await t.client.call('user/info', { userId })).body.code).toBe(200)
    // The ban ends on its own.
    t.clock.advance(3600_000)
    expect((await send(chunk!)).status).toBe(200)
  })

  it(`caps a user's video uploads at ${MAX_VIDEO_UPLOADS_PER_USER_PER_DAY} a day (429), apart from images`, async () => {
    await t.app.jobs.stop()
    await loginGuest(t.client, 'device-video-cap')
    for (let i = 0; i < MAX_VIDEO_UPLOADS_PER_USER_PER_DAY; i++) {
      expect((await send(chunksOf(clip, 8192, `cap-${i}`)[0]!)).status).toBe(200)
    }
    const capped = await send(chunksOf(clip, 8192, 'cap-over')[0]!)
    expect([capped.status, capped.body.code]).toEqual([429, 4290])
    t.clock.advance(UPLOAD_TTL_MS + 1)
    expect((await send(chunksOf(clip, 8192, 'cap-over')[0]!)).status).toBe(200)
  })

  it('collects day-old partial uploads with their files, and files no row holds', async () => {
    await t.app.jobs.stop()
    await loginGuest(t.client, 'device-video-stale')
    await send(chunksOf(clip, 8192, 'stale')[0]!)
    const finished = await sendAll(chunksOf(clip, 8192, 'finished'))
    const { video } = finished.map((answer) => answer.body.data as Answer).find((data) => data.done)!
    t.clock.advance(UPLOAD_TTL_MS - 60_000)
    await send(chunksOf(clip, 8192, 'recent')[0]!)
    t.clock.advance(120_000)
    // A file nothing holds (a crash between the write and the commit), untouched for a day.
    await mkdir(uploadsDir, { recursive: true })
    await writeFile(join(uploadsDir, 'video-999'), 'left over')
    const dayAgo = new Date(t.clock.now() - UPLOAD_TTL_MS - 1000)
    await utimes(join(uploadsDir, 'video-999'), dayAgo, dayAgo)
    const fileOf = async (identifier: string) => {
      const [row] = await t.db.select().from(uploads).where(eq(uploads.identifier, identifier))
      return `video-${row!.id}`
    }
    const [stale, done, recent] = [await fileOf('stale'), await fileOf('finished'), await fileOf('recent')]
    expect((await readdir(uploadsDir)).sort()).toEqual([stale, done, recent, 'video-999'].sort())

    const service = createUploadsService({ db: t.db, config: t.config, now: t.clock.now })
    expect(await service.removeStaleUploads()).toBe(2)
    const videoUploads = createVideoUploads({
      db: t.db,
      config: t.config,
      now: t.clock.now,
      postVideos: createPostVideos({ db: t.db, now: t.clock.now, config: t.config, log: t.app.log }).sink,
      jobQueued: () => {},
    })
    expect(await videoUploads.removeOrphanFiles()).toBe(1)
    // Left: the finished upload's file (its post video's source) and the recent partial one.
    expect((await readdir(uploadsDir)).sort()).toEqual([done, recent].sort())
    const [row] = await t.db.select().from(postVideos)
    expect(row).toMatchObject({ id: video!.videoUploadId, sourcePath: `uploads/${done}`, uploadId: null })
    expect((await t.db.select().from(uploads)).map((upload) => upload.identifier)).toEqual(['recent'])
  })
})
