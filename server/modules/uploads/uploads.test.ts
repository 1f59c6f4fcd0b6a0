import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { chunkCount, MAX_UPLOAD_BYTES } from '../../../core/contracts/upload.ts'
import { descramble } from '../../../core/images/descramble.ts'
import { PostState } from '../../../core/contracts/community-rules.ts'
import { postImages } from '../../db/schema/community.ts'
import { images } from '../../db/schema/images.ts'
import { uploadChunks, uploads } from '../../db/schema/uploads.ts'
import { seedDemoData } from '../../db/seed.ts'
import { imageKeysFromConfig } from '../../images/scramble.ts'
import type { CallOptions, TestClient } from '../../testing/client.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import * as postsRepo from '../community/posts-repo.ts'
import { lockOwnImages } from '../images/repo.ts'
import {
  createUploadsService,
  MAX_UPLOADS_PER_ADDRESS_PER_DAY,
  MAX_UPLOADS_PER_USER_PER_DAY,
  UPLOAD_TTL_MS,
} from './service.ts'

type Uploaded = {
  done: boolean
  present?: boolean
  image?: { imageId: string; url: string; width: number; height: number }
}

/** Random pixels, so the PNG does not compress below a few chunks. */
async function noisyPng(width = 48, height = 40) {
  const pixels = randomBytes(width * height * 3)
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** simple-uploader's parameters and bytes of each chunk of `bytes`, the last absorbing the remainder. */
function chunksOf(bytes: Uint8Array, chunkSize: number, identifier: string, names = 'photo.png') {
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
        filename: names,
        relativePath: names,
        totalChunks,
      },
      bytes: bytes.subarray(start, end),
    }
  })
}

/** Three chunks, whatever the size. */
const thirds = (bytes: Uint8Array, identifier: string, names?: string) =>
  chunksOf(bytes, Math.floor(bytes.length / 3), identifier, names)

/** Every file and folder under `dir`, sorted ([] when it does not exist). */
async function filesUnder(dir: string) {
  return (await readdir(dir, { recursive: true }).catch(() => [])).sort()
}

async function rawPixels(bytes: Uint8Array) {
  return sharp(bytes).ensureAlpha().raw().toBuffer()
}

describe.each(BACKENDS)('upload/img and upload/images (%s)', (backend) => {
  const t = useTestApp(backend, { poolSize: 6 })

  async function signIn(client: TestClient, devID: string) {
    const answer = await client.call('login/guest', { devID, affCode: '', token: '' })
    const login = answer.body.data as { id: number; token: string }
    client.token = login.token
    return login.id
  }

  async function send(client: TestClient, chunk: ReturnType<typeof chunksOf>[number], name = 'upload/img') {
    return client.uploadChunk(name, chunk.params, chunk.bytes)
  }

  /** The stored image's plain bytes (as the app descrambles them). */
  async function storedBytes(imageId: string) {
    const [row] = await t.db.select().from(images).where(eq(images.key, imageId))
    return { row: row!, plain: descramble(new Uint8Array(row!.bytes), imageKeysFromConfig(t.config)).bytes }
  }

  it('resumes an interrupted upload and stores the same pixels, once, as the caller’s image', async () => {
    const userId = await signIn(t.client, 'device-upload-1')
    const png = await noisyPng()
    const chunks = thirds(png, 'photo-1')
    expect(chunks).toHaveLength(3)

    for (const chunk of chunks.slice(0, 2)) {
      const answer = await send(t.client, chunk)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ code: 200, data: { done: false } })
    }
    // The interruption: the app asks which chunks the server kept.
    const checks = await Promise.all(chunks.map((chunk) => t.client.checkChunk('upload/img', chunk.params)))
    expect(checks.map((check) => check.status)).toEqual([200, 200, 204])
    expect(checks[0]!.body.data).toMatchObject({ present: true, done: false })

    const last = await send(t.client, chunks[2]!)
    expect(last.status).toBe(200)
    // Multipart calls carry no envelope either way: the uploader reads their answers as they are.
    expect([last.sealed, checks[0]!.sealed]).toEqual([false, false])
    const { image } = last.body.data as Uploaded
    expect(last.body.data).toMatchObject({
      done: true,
      image: { width: 48, height: 40, url: `/img/${image!.imageId}` },
    })

    const { row, plain } = await storedBytes(image!.imageId)
    expect(row).toMatchObject({ kind: 'upload', uploadedBy: userId, contentType: 'image/png' })
    expect((await rawPixels(plain)).equals(await rawPixels(png))).toBe(true)
    expect(await t.db.select().from(uploadChunks)).toEqual([])
    const [upload] = await t.db.select().from(uploads)
    expect(upload).toMatchObject({ owner: `u:${userId}`, imageKey: image!.imageId })

    // Sent again (a retry), a chunk of the finished upload answers the same image and stores nothing.
    const again = await send(t.client, chunks[0]!)
    expect((again.body.data as Uploaded).image?.imageId).toBe(image!.imageId)
    const check = await t.client.checkChunk('upload/img', chunks[2]!.params)
    expect(check.status).toBe(200)
    expect(check.body.data).toMatchObject({ present: true, done: true, image: { imageId: image!.imageId } })
    expect(await t.db.select({ key: images.key }).from(images)).toHaveLength(1)
  })

  it('strips EXIF and GPS from a JPEG, keeping its orientation applied', async () => {
    await signIn(t.client, 'device-upload-exif')
    const jpeg = await sharp(await noisyPng(60, 30))
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const original = await sharp(jpeg).metadata()
    expect(original.exif).toBeDefined()
    expect(original.orientation).toBe(6)

    const [chunk] = chunksOf(jpeg, jpeg.length, 'photo-exif')
    const answer = await send(t.client, chunk!)
    const { image } = answer.body.data as Uploaded
    // Orientation 6 is a quarter turn: the stored picture stands upright, 30 × 60.
    expect(image).toMatchObject({ width: 30, height: 60 })
    const { plain } = await storedBytes(image!.imageId)
    const stored = await sharp(plain).metadata()
    expect(stored).toMatchObject({ format: 'jpeg', width: 30, height: 60 })
    expect(stored.exif).toBeUndefined()
    expect(stored.orientation).toBeUndefined()
    expect(Buffer.from(plain).includes('Phone')).toBe(false)
  })

  it('refuses an identifier outside simple-uploader’s alphabet and a path-shaped name, writing nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-upload-names-'))
    try {
      // Every refusal below is a request: no rate limit gets in the way.
      await t.rebuild({ dataDir, rateLimitPerSession: 0, rateLimitPerIp: 0 })
      await signIn(t.client, 'device-upload-names')
      const png = await noisyPng()
      // A first chunk of three: taken, it would leave a row (an image) or a file (a video).
      const [first] = thirds(png, 'photo-names')
      const pathNames = [
        '/etc/passwd',
        '../../etc/passwd',
        'photos/../../x.png',
        '..',
        'C:/x.png',
        'C:\\Windows\\x.png',
        'photos\\x.png',
        'x\u0000.png',
        'x\n.png',
        'x\u007f.png',
      ]
      const refused: Array<[string, Record<string, string | number>]> = [
        ...['../../etc/passwd', 'photo.png', 'a/b', 'a\\b', 'a b', 'a%2Fb', 'é'].map(
          (identifier): [string, Record<string, string | number>] => ['identifier', { ...first!.params, identifier }],
        ),
        ...pathNames.flatMap((name): Array<[string, Record<string, string | number>]> => [
          ['filename', { ...first!.params, filename: name }],
          ['relativePath', { ...first!.params, relativePath: name }],
        ]),
      ]
      const before = await filesUnder(dataDir)
      for (const call of ['upload/img', 'upload/images', 'upload/video']) {
        for (const [field, params] of refused) {
          const label = `${call} ${field} ${JSON.stringify(params[field])}`
          for (const answer of [
            await t.client.uploadChunk(call, params, first!.bytes, { partName: 'blob' }),
            await t.client.checkChunk(call, params),
          ]) {
            expect(answer.status, label).toBe(400)
            expect(answer.body, label).toMatchObject({
              code: 4000,
              msg: expect.stringMatching(new RegExp(`^${field}: `)),
            })
          }
        }
      }
      expect(await t.db.select().from(uploads)).toEqual([])
      expect(await t.db.select().from(uploadChunks)).toEqual([])
      expect(await t.db.select({ key: images.key }).from(images)).toEqual([])
      expect(await filesUnder(dataDir)).toEqual(before)

      // What simple-uploader and the app send is taken: a name in a folder, a dotted name, "blob".
      let answer
      for (const chunk of thirds(png, '5830-0f1e2d3c4b5a69788796a5b4c3d2e1f0')) {
        answer = await send(t.client, {
          ...chunk,
          params: { ...chunk.params, filename: '.photo..png', relativePath: 'holiday/.photo..png' },
        })
      }
      expect(answer!.body).toMatchObject({ code: 200, data: { done: true } })
      const stored = JSON.stringify(await t.db.select().from(uploads))
      expect(stored).not.toContain('photo..png')
      const blob = thirds(await noisyPng(), 'blob')[0]!
      expect(
        (await send(t.client, { ...blob, params: { ...blob.params, filename: 'blob', relativePath: 'blob' } })).status,
      ).toBe(200)
      // The image is in the database; nothing was written under the data directory.
      expect(await filesUnder(dataDir)).toEqual(before)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('refuses bytes that are not an image with 415 and keeps nothing', async () => {
    await signIn(t.client, 'device-upload-magic')
    const text = Buffer.from('#!/bin/sh\n'.repeat(400))
    const chunks = thirds(text, 'script')
    // Chunks 2 and 3 arrive first (3 at a time), then the first one shows what the file is.
    for (const chunk of chunks.slice(1)) expect((await send(t.client, chunk)).status).toBe(200)
    const refused = await send(t.client, chunks[0]!)
    expect(refused.status).toBe(415)
    expect(refused.body).toMatchObject({ code: 4000, msg: expect.stringMatching(/^file: /) })
    expect(await t.db.select().from(uploads)).toEqual([])
    expect(await t.db.select().from(uploadChunks)).toEqual([])

    // An image header on bytes that do not decode is refused when the upload completes.
    const fake = Buffer.concat([(await noisyPng()).subarray(0, 64), randomBytes(4000)])
    let last
    for (const chunk of thirds(fake, 'fake-png')) last = await send(t.client, chunk)
    expect(last!.status).toBe(415)
    expect(await t.db.select().from(uploads)).toEqual([])
    expect(await t.db.select().from(uploadChunks)).toEqual([])
    expect(await t.db.select({ key: images.key }).from(images)).toEqual([])
  })

  it('refuses AVIF', async () => {
    await signIn(t.client, 'device-upload-avif')
    const avif = await sharp(await noisyPng())
      .avif()
      .toBuffer()
    expect(avif.length).toBeGreaterThanOrEqual(1024)
    const [chunk] = chunksOf(avif, avif.length, 'avif')
    expect((await send(t.client, chunk!)).status).toBe(415)
  })

  it('refuses a file over 10 MB from its totalSize, before keeping a chunk', async () => {
    await signIn(t.client, 'device-upload-big')
    const chunkSize = 1024 * 1024
    const totalSize = MAX_UPLOAD_BYTES + 1
    const png = await noisyPng()
    const chunk = Buffer.concat([png, Buffer.alloc(chunkSize - png.length)])
    const answer = await t.client.uploadChunk(
      'upload/img',
      {
        chunkNumber: 1,
        chunkSize,
        currentChunkSize: chunkSize,
        totalSize,
        identifier: 'big',
        totalChunks: chunkCount(totalSize, chunkSize),
      },
      chunk,
    )
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ code: 4000, msg: expect.stringMatching(/^totalSize: /) })
    expect(await t.db.select().from(uploads)).toEqual([])
  })

  it('answers wrong parameters with 400 and code 4000 naming the field', async () => {
    await signIn(t.client, 'device-upload-params')
    const png = await noisyPng()
    const [first] = thirds(png, 'params')
    const wrong = [
      [{ ...first!.params, totalChunks: 4 }, 'totalChunks'],
      [{ ...first!.params, currentChunkSize: first!.params.chunkSize + 1 }, 'currentChunkSize'],
      [{ ...first!.params, chunkNumber: 0 }, 'chunkNumber'],
      [{ ...first!.params, identifier: 'a\u0000b' }, 'identifier'],
      [{ ...first!.params, identifier: 'x'.repeat(201) }, 'identifier'],
      [{ ...first!.params, chunkSize: '1e3' }, 'chunkSize'],
    ] as const
    for (const [params, field] of wrong) {
      for (const answer of [
        await t.client.uploadChunk('upload/img', params, first!.bytes),
        await t.client.checkChunk('upload/img', params),
      ]) {
        expect(answer.status, field).toBe(400)
        expect(answer.body, field).toMatchObject({ code: 4000, msg: expect.stringMatching(new RegExp(`^${field}: `)) })
      }
    }
    const short = await t.client.uploadChunk('upload/img', first!.params, first!.bytes.subarray(1))
    expect(short.status).toBe(400)
    expect(short.body.msg).toMatch(/^file: /)
    expect(await t.db.select().from(uploads)).toEqual([])
  })

  it('keeps each user’s identifiers apart', async () => {
    const other = t.newClient()
    await signIn(t.client, 'device-upload-a')
    await signIn(other, 'device-upload-b')
    const mine = thirds(await noisyPng(), 'same-name')
    const theirs = thirds(await noisyPng(), 'same-name')
    await send(t.client, mine[0]!)
    await send(t.client, mine[1]!)
    expect((await other.checkChunk('upload/img', mine[0]!.params)).status).toBe(204)
    expect((await send(other, theirs[2]!)).body.data).toEqual({ done: false })
    const done = (await send(t.client, mine[2]!)).body.data as Uploaded
    const { plain } = await storedBytes(done.image!.imageId)
    expect((await rawPixels(plain)).equals(await rawPixels(Buffer.concat(mine.map((c) => c.bytes))))).toBe(true)
    expect(await t.db.select().from(uploadChunks)).toHaveLength(1)
  })

  it('stores one image when the last two chunks arrive at once', async () => {
    await signIn(t.client, 'device-upload-race')
    const chunks = thirds(await noisyPng(), 'race')
    await send(t.client, chunks[0]!)
    const answers = await Promise.all([send(t.client, chunks[1]!), send(t.client, chunks[2]!)])
    const finished = answers.map((answer) => answer.body.data as Uploaded).filter((data) => data.done)
    expect(finished).toHaveLength(1)
    expect(await t.db.select({ key: images.key }).from(images)).toEqual([{ key: finished[0]!.image!.imageId }])
  })

  it('upload/img needs a session; upload/images takes an anonymous upload per address, capped per day', async () => {
    const chunks = thirds(await noisyPng(), 'anonymous')
    const secured = await t.client.uploadChunk('upload/img', chunks[0]!.params, chunks[0]!.bytes)
    expect(secured.status).toBe(401)
    expect(secured.body.code).toBe(1000)

    const from = { remoteAddress: '203.0.113.9' }
    for (let i = 0; i < MAX_UPLOADS_PER_ADDRESS_PER_DAY; i++) {
      const chunk = thirds(await noisyPng(), `anonymous-${i}`)[0]!
      expect((await t.client.uploadChunk('upload/images', chunk.params, chunk.bytes, from)).status).toBe(200)
    }
    const [row] = await t.db.select().from(uploads).limit(1)
    expect(row!.owner).toBe('ip:203.0.113.9')
    const capped = await t.client.uploadChunk('upload/images', chunks[0]!.params, chunks[0]!.bytes, from)
    expect(capped.status).toBe(429)
    expect(capped.body.code).toBe(4290)
    // Another address, and the next day, may upload again.
    const elsewhere = { remoteAddress: '203.0.113.10' }
    expect((await t.client.uploadChunk('upload/images', chunks[0]!.params, chunks[0]!.bytes, elsewhere)).status).toBe(
      200,
    )
    t.clock.advance(UPLOAD_TTL_MS + 1000)
    expect((await t.client.uploadChunk('upload/images', chunks[1]!.params, chunks[1]!.bytes, from)).status).toBe(200)
  })

  it('removes partial uploads begun more than a day ago, with their chunks', async () => {
    await signIn(t.client, 'device-upload-stale')
    const old = thirds(await noisyPng(), 'old')
    await send(t.client, old[0]!)
    t.clock.advance(UPLOAD_TTL_MS - 60_000)
    const recent = thirds(await noisyPng(), 'recent')
    await send(t.client, recent[0]!)
    t.clock.advance(120_000)

    const service = createUploadsService({ db: t.db, config: t.config, now: t.clock.now })
    expect(await service.removeStaleUploads()).toBe(1)
    expect((await t.db.select().from(uploads)).map((row) => row.identifier)).toEqual(['recent'])
    expect(await t.db.select().from(uploadChunks)).toHaveLength(1)
    expect((await t.client.checkChunk('upload/img', old[0]!.params)).status).toBe(204)
  })

  it('caps a user at 50 new image uploads a day: the 51st is 429 and keeps nothing', async () => {
    const userId = await signIn(t.client, 'device-upload-user-cap')
    const first = thirds(await noisyPng(), 'user-0')[0]!
    // Spread over the day, so the refusal counts every upload of the last 24 hours.
    const step = Math.floor((UPLOAD_TTL_MS - 3600_000) / MAX_UPLOADS_PER_USER_PER_DAY)
    for (let i = 0; i < MAX_UPLOADS_PER_USER_PER_DAY; i++) {
      const chunk = { ...first, params: { ...first.params, identifier: `user-${i}` } }
      expect((await send(t.client, chunk)).status, `upload ${i}`).toBe(200)
      t.clock.advance(step)
    }
    const refused = { ...first, params: { ...first.params, identifier: 'user-over' } }
    const capped = await send(t.client, refused)
    expect(capped.status).toBe(429)
    expect(capped.body).toMatchObject({ code: 4290, data: null, tip: '今日上传次数已达上限，请明天再试' })
    const rows = await t.db.select().from(uploads)
    expect(rows).toHaveLength(MAX_UPLOADS_PER_USER_PER_DAY)
    expect(rows.every((row) => row.owner === `u:${userId}` && row.identifier !== 'user-over')).toBe(true)
    expect(await t.db.select({ id: uploadChunks.uploadId }).from(uploadChunks)).toHaveLength(
      MAX_UPLOADS_PER_USER_PER_DAY,
    )
    expect((await t.client.checkChunk('upload/img', refused.params)).status).toBe(204)
    // Once the first upload is a day old, one more may begin.
    t.clock.advance(UPLOAD_TTL_MS - step * MAX_UPLOADS_PER_USER_PER_DAY + 1000)
    expect((await send(t.client, refused)).status).toBe(200)
  })

  /** Uploads a whole image in one chunk and answers its key. */
  async function uploadImage(client: TestClient, identifier: string, name = 'upload/img', from?: CallOptions) {
    const [chunk] = chunksOf(await noisyPng(16, 16), 1 << 20, identifier)
    const answer = await client.uploadChunk(name, chunk!.params, chunk!.bytes, from)
    expect(answer.status, identifier).toBe(200)
    return (answer.body.data as Uploaded).image!.imageId
  }

  const imageKeys = async () => (await t.db.select({ key: images.key }).from(images)).map((row) => row.key).sort()

  it('collects upload images on nothing a day after they were stored; fresh, attached and seeded ones stay', async () => {
    await seedDemoData(t.db, new Date(START_MS))
    const seeded = await imageKeys()
    expect(seeded.length).toBeGreaterThan(0)
    await signIn(t.client, 'device-upload-collect')
    const orphan = await uploadImage(t.client, 'orphan')
    const anonymous = await uploadImage(t.newClient(), 'anonymous', 'upload/images', { remoteAddress: '203.0.113.7' })
    const [onPost, avatar, attached, replaced] = [
      await uploadImage(t.client, 'on-post'),
      await uploadImage(t.client, 'avatar'),
      await uploadImage(t.client, 'attached'),
      await uploadImage(t.client, 'replaced'),
    ]
    const ok = async (name: string, body: unknown) =>
      expect((await t.client.call(name, body)).body.code, name).toBe(200)
    await ok('post/publish', { categoryId: 1, content: '一张图', imageIds: [onPost] })
    await ok('user/avatar', { imageId: replaced })
    await ok('user/avatar', { imageId: avatar })
    await ok('feedback/add', { type: 'playback', content: '截图', imageIds: [attached] })

    t.clock.advance(UPLOAD_TTL_MS + 60_000)
    const fresh = await uploadImage(t.client, 'fresh')
    const service = createUploadsService({ db: t.db, config: t.config, now: t.clock.now })
    // The hourly order: the day-old uploads (which still name their images) go first.
    await service.removeStaleUploads()
    expect(await service.removeUnattachedImages()).toBe(3)
    expect(await imageKeys()).toEqual([...seeded, onPost, avatar, attached, fresh].sort())
    for (const key of [orphan, anonymous, replaced]) {
      expect((await t.app.inject({ method: 'GET', url: `/img/${key}` })).statusCode, key).toBe(404)
    }
    expect(await service.removeUnattachedImages()).toBe(0)
  })

  it('never collects an image a transaction is attaching: the post keeps it', async () => {
    const userId = await signIn(t.client, 'device-upload-attach-race')
    const key = await uploadImage(t.client, 'racing')
    t.clock.advance(UPLOAD_TTL_MS + 60_000)
    const service = createUploadsService({ db: t.db, config: t.config, now: t.clock.now })
    await service.removeStaleUploads()

    let sweep: Promise<number> | null = null
    const postId = await t.db.transaction(async (tx) => {
      // post/publish's own check, which holds the image until the post commits.
      expect(await lockOwnImages(tx, userId, [key])).toEqual(new Set([key]))
      // The sweep runs while the image is checked and not yet named by a post. PostgreSQL runs it
      // beside this transaction (it skips the held image); PGlite, one transaction at a time, after it.
      sweep = service.removeUnattachedImages()
      if (backend === 'postgres') expect(await sweep).toBe(0)
      const at = new Date(t.clock.now())
      return postsRepo.insertPost(
        tx,
        {
          authorId: userId,
          categoryId: 1,
          content: '同时发布',
          price: 0,
          state: PostState.Published,
          videoId: null,
          createdAt: at,
          publishedAt: at,
        },
        [key],
      )
    })
    expect(await sweep!).toBe(0)
    expect(await imageKeys()).toEqual([key])
    expect(await t.db.select().from(postImages)).toEqual([{ postId, position: 0, imageKey: key }])
    expect(await service.removeUnattachedImages()).toBe(0)
  })
})
