import { mkdtempSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chunkCount } from '../../../core/contracts/upload.ts'
import { POST_VIDEO_CONTENT_TYPE } from '../../../core/contracts/media.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { tags, topics, videos, videoTags, videoTopics } from '../../db/schema/catalogue.ts'
import { postPurchases, postVideos, posts } from '../../db/schema/community.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { videoStreams } from '../../db/schema/streams.ts'
import { playHistory } from '../../db/schema/watching.ts'
import { parseMasterPlaylist } from '../../media-pipeline/playlist.ts'
import { makeTestClip, noiseBytes } from '../../media-pipeline/test-clip.ts'
import type { TestClient } from '../../testing/client.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { LEASE_MS, RETRY_BACKOFF_MS, createJobWorker } from '../jobs/queue.ts'
import * as jobsRepo from '../jobs/repo.ts'
import { loginGuest } from '../wallet/testing.ts'
import { insertStream, testPlayTokens } from '../watching/testing.ts'
import { createPostVideos, POST_VIDEO_JOB, UNATTACHED_TTL_MS } from './post-videos.ts'

const work = mkdtempSync(join(tmpdir(), 'marquee-post-videos-'))
const dataDir = join(work, 'data')
let clip: Buffer
beforeAll(async () => {
  clip = await readFile(await makeTestClip(work, { seconds: 2, width: 160, height: 120, rate: 10 }))
})
afterAll(() => rm(work, { recursive: true, force: true }))

async function uploadVideo(client: TestClient, bytes: Uint8Array, identifier: string) {
  const chunkSize = 8192
  const totalChunks = chunkCount(bytes.length, chunkSize)
  let last
  for (let i = 0; i < totalChunks; i++) {
    const start = i * chunkSize
    const end = i === totalChunks - 1 ? bytes.length : start + chunkSize
    last = await client.uploadChunk(
      'upload/video',
      {
        chunkNumber: i + 1,
        chunkSize,
        currentChunkSize: end - start,
        totalSize: bytes.length,
        identifier,
        totalChunks,
      },
      bytes.subarray(start, end),
    )
  }
  const data = last!.body.data as { done: boolean; video: { videoUploadId: number } }
  expect(data.done).toBe(true)
  return data.video.videoUploadId
}

describe.each(BACKENDS)('post videos (%s)', (backend) => {
  const t = useTestApp(backend, { config: { dataDir } })
  beforeEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })
  const postVideo = async (id: number) => (await t.db.select().from(postVideos).where(eq(postVideos.id, id)))[0]!
  const getKey = (videoId: number, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/media/key/${videoId}?pt=${encodeURIComponent(token)}` })

  it('an upload becomes a playable encrypted HLS stream through its job, ENCRYPT_M3U8 or not; the key is the author’s', async () => {
    // /hls/ serves files to anyone: without encryption a post video would be open to any guessed id.
    await t.rebuild({ encryptM3u8: false })
    const author = await loginGuest(t.client, 'device-pv-author')
    const id = await uploadVideo(t.client, clip, 'clip')
    const source = join(dataDir, (await postVideo(id)).sourcePath!)
    await t.app.jobs.drain()

    const ready = await postVideo(id)
    expect(ready).toMatchObject({ state: 'ready', sourcePath: null, error: '', readyAt: new Date(t.clock.now()) })
    await expect(readFile(source)).rejects.toThrow()
    const videoId = ready.videoId!
    const [video] = await t.db.select().from(videos).where(eq(videos.id, videoId))
    expect(video).toMatchObject({
      contentType: POST_VIDEO_CONTENT_TYPE,
      title: 'post video',
      price: 0,
      vip: 0,
      duration: 2,
    })
    expect(video!.cover).not.toBe('')
    const [stream] = await t.db.select().from(videoStreams).where(eq(videoStreams.videoId, videoId))
    expect(stream).toMatchObject({ encrypted: true, dir: String(videoId) })
    expect(await t.db.select().from(jobs)).toEqual([expect.objectContaining({ state: 'done', attempts: 1 })])

    const token = await testPlayTokens(t.db, t.clock.now).issue(author, videoId)
    const master = await t.app.inject({ method: 'GET', url: `/hls/${videoId}/master.m3u8?pt=${token}` })
    expect(master.statusCode).toBe(200)
    const variants = parseMasterPlaylist(master.body)
    expect(variants.length).toBeGreaterThanOrEqual(1)
    const variant = await t.app.inject({ method: 'GET', url: `/hls/${videoId}/${variants[0]!.uri.split('?')[0]}` })
    expect(variant.body).toContain(`/api/media/key/${videoId}`)
    const key = await getKey(videoId, token)
    expect(key.statusCode).toBe(200)
    expect(new Uint8Array(key.rawPayload)).toEqual(new Uint8Array(stream!.key!))

    // Another user, with a valid token of their own, while no post shows the video: no key.
    const other = t.newClient()
    const otherId = await loginGuest(other, 'device-pv-other')
    expect((await getKey(videoId, await testPlayTokens(t.db, t.clock.now).issue(otherId, videoId))).statusCode).toBe(
      403,
    )
  }, 60_000)

  it('a job interrupted by a restart (its lease lapses) finishes after it', async () => {
    await t.app.jobs.stop()
    await loginGuest(t.client, 'device-pv-restart')
    const id = await uploadVideo(t.client, clip, 'restart')
    // The process that claimed it dies mid-transcode: the row stays running under its lease.
    const claimed = await jobsRepo.claimJob(
      t.db,
      [POST_VIDEO_JOB],
      new Date(t.clock.now()),
      new Date(t.clock.now() + LEASE_MS),
    )
    expect(claimed).toMatchObject({ attempt: 1 })
    await t.rebuild()
    await t.app.jobs.drain()
    expect((await postVideo(id)).state).toBe('processing')
    t.clock.advance(LEASE_MS + 1)
    await t.app.jobs.drain()
    expect(await postVideo(id)).toMatchObject({ state: 'ready', videoId: expect.any(Number) })
    expect(await t.db.select().from(jobs)).toEqual([expect.objectContaining({ state: 'done', attempts: 2 })])
  }, 60_000)

  it('a source that never transcodes: retried twice, then failed with the error recorded and the file removed', async () => {
    await t.app.jobs.stop()
    await loginGuest(t.client, 'device-pv-broken')
    const id = await uploadVideo(t.client, clip, 'broken')
    const source = join(dataDir, (await postVideo(id)).sourcePath!)
    await writeFile(source, noiseBytes(4096))
    const postVideosService = createPostVideos({ db: t.db, now: t.clock.now, config: t.config, log: t.app.log })
    const worker = createJobWorker({
      db: t.db,
      now: t.clock.now,
      log: t.app.log,
      handlers: { [POST_VIDEO_JOB]: postVideosService.job },
    })
    await worker.drain()
    expect(await postVideo(id)).toMatchObject({ state: 'processing' })
    t.clock.advance(RETRY_BACKOFF_MS)
    await worker.drain()
    t.clock.advance(4 * RETRY_BACKOFF_MS)
    await worker.drain()
    await worker.stop()
    const failed = await postVideo(id)
    expect(failed).toMatchObject({ state: 'failed', sourcePath: null, videoId: null })
    expect(failed.error).toMatch(/InvalidMediaError/)
    const [job] = await t.db.select().from(jobs)
    expect(job).toMatchObject({ state: 'failed', attempts: 3, lastError: failed.error })
    await expect(readFile(source)).rejects.toThrow()
    expect(await t.db.select().from(videos)).toEqual([])
  })

  /** A transcoded post video as the job leaves it, without running ffmpeg. */
  async function readyPostVideo(ownerId: number, title = 'post video') {
    const [video] = await t.db
      .insert(videos)
      .values({ contentType: POST_VIDEO_CONTENT_TYPE, title, publishedAt: new Date(t.clock.now()) })
      .returning({ id: videos.id })
    await insertStream(t.db, video!.id)
    const [row] = await t.db
      .insert(postVideos)
      .values({
        ownerId,
        duration: 3,
        state: 'ready',
        videoId: video!.id,
        createdAt: new Date(t.clock.now()),
        readyAt: new Date(t.clock.now()),
      })
      .returning({ id: postVideos.id })
    return { postVideoId: row!.id, videoId: video!.id }
  }

  it('the key of a post video: the author always; others while the post is published and free or bought', async () => {
    const author = await loginGuest(t.client, 'device-key-author')
    const viewer = await loginGuest(t.newClient(), 'device-key-viewer')
    const buyer = await loginGuest(t.newClient(), 'device-key-buyer')
    const tokens = testPlayTokens(t.db, t.clock.now)
    const { postVideoId, videoId } = await readyPostVideo(author)
    const statuses = async () => {
      const answers = []
      for (const user of [author, viewer, buyer]) {
        answers.push((await getKey(videoId, await tokens.issue(user, videoId))).statusCode)
      }
      return answers
    }
    // No post yet.
    expect(await statuses()).toEqual([200, 403, 403])
    const [post] = await t.db
      .insert(posts)
      .values({
        authorId: author,
        categoryId: 1,
        content: '视频帖',
        price: 500,
        state: 'pending',
        videoId: postVideoId,
        createdAt: new Date(t.clock.now()),
      })
      .returning({ id: posts.id })
    const setPost = (set: Partial<typeof posts.$inferInsert>) =>
      t.db.update(posts).set(set).where(eq(posts.id, post!.id))
    expect(await statuses()).toEqual([200, 403, 403])
    await setPost({ state: 'published', publishedAt: new Date(t.clock.now()) })
    expect(await statuses()).toEqual([200, 403, 403])
    await t.db.insert(postPurchases).values({
      userId: buyer,
      postId: post!.id,
      price: 500,
      authorId: author,
      authorShare: 350,
      createdAt: new Date(t.clock.now()),
    })
    expect(await statuses()).toEqual([200, 403, 200])
    await setPost({ price: 0 })
    expect(await statuses()).toEqual([200, 200, 200])
    for (const state of ['rejected', 'removed'] as const) {
      await setPost({ state })
      expect(await statuses(), state).toEqual([200, 403, 403])
    }
  })

  it('post videos never appear in the catalogue: lists, search, feeds, home, related, Mine; info and play answer 7004', async () => {
    const author = await loginGuest(t.client, 'device-hidden')
    const [tag] = await t.db.insert(tags).values({ name: '共同' }).returning()
    const [topic] = await t.db
      .insert(topics)
      .values({ name: '首页', description: '', sort: 1, onHome: true, homeStyle: 1 })
      .returning()
    const catalogue = await t.db
      .insert(videos)
      .values([
        { contentType: 1, title: '共同 长视频', publishedAt: new Date(t.clock.now() - 2000) },
        { contentType: 2, title: '共同 短视频', publishedAt: new Date(t.clock.now() - 1000) },
      ])
      .returning({ id: videos.id })
    const { videoId: hidden } = await readyPostVideo(author, '共同 帖子视频')
    const all = [...catalogue.map((row) => row.id), hidden]
    for (const id of all) await insertStream(t.db, id).catch(() => {})
    await t.db.insert(videoTags).values(all.map((videoId) => ({ videoId, tagId: tag!.id })))
    await t.db.insert(videoTopics).values(all.map((videoId) => ({ videoId, topicId: topic!.id })))
    await t.db.update(videos).set({ likeCount: 1000, playCount: 1000 }).where(eq(videos.id, hidden))
    await t.db.insert(playHistory).values({ userId: author, videoId: hidden, position: 1, updatedAt: new Date() })

    const ids = (data: unknown): number[] => {
      const found: number[] = []
      JSON.stringify(data, (key, value: unknown) => {
        if (key === 'id' && typeof value === 'number') found.push(value)
        return value
      })
      return found
    }
    const calls: [string, unknown][] = [
      ['media/home', undefined],
      ['media/recommend', {}],
      ['media/short/recommend', {}],
      ['media/published', {}],
      ['media/tag/details', { id: tag!.id }],
      ['media/topic/details', { id: topic!.id }],
      ['search/details', { keyword: '共同' }],
      ['search/hot', {}],
      ['media/play', { id: catalogue[0]!.id }],
      ['media/history', {}],
    ]
    for (const [name, body] of calls) {
      const answer = await t.client.call(name, body)
      expect(answer.body.code, name).toBe(200)
      expect(ids(answer.body.data), name).not.toContain(hidden)
    }
    const published = await t.client.call('media/published', {})
    expect(ids(published.body.data)).toEqual(expect.arrayContaining(catalogue.map((row) => row.id)))
    for (const [name, body] of [
      ['content/info', { id: hidden }],
      ['media/play', { id: hidden }],
      ['media/like', { id: hidden, like: true }],
      ['collect/operate', { id: hidden }],
    ] as const) {
      expect((await t.client.call(name, body)).body.code, name).toBe(BusinessCode.NotFound)
    }
  })

  it('collects post videos no post named within a day: rows, source file and stream directory', async () => {
    await t.app.jobs.stop()
    const author = await loginGuest(t.client, 'device-unattached')
    const lonely = await readyPostVideo(author)
    const attached = await readyPostVideo(author)
    await t.db.insert(posts).values({
      authorId: author,
      categoryId: 1,
      content: '有视频',
      state: 'published',
      videoId: attached.postVideoId,
      createdAt: new Date(t.clock.now()),
    })
    const waiting = await uploadVideo(t.client, clip, 'waiting')
    const waitingSource = join(dataDir, (await postVideo(waiting)).sourcePath!)
    const mediaDir = join(dataDir, 'media')
    for (const { videoId } of [lonely, attached]) {
      await mkdir(join(mediaDir, String(videoId)), { recursive: true })
      await t.db
        .update(videoStreams)
        .set({ dir: String(videoId) })
        .where(eq(videoStreams.videoId, videoId))
    }
    const service = createPostVideos({ db: t.db, now: t.clock.now, config: t.config, log: t.app.log })
    expect(await service.removeUnattached()).toBe(0)
    t.clock.advance(UNATTACHED_TTL_MS + 1)
    expect(await service.removeUnattached()).toBe(2)

    expect((await t.db.select({ id: postVideos.id }).from(postVideos)).map((row) => row.id)).toEqual([
      attached.postVideoId,
    ])
    expect((await t.db.select({ id: videos.id }).from(videos)).map((row) => row.id)).toEqual([attached.videoId])
    expect(await readdir(mediaDir)).toEqual([String(attached.videoId)])
    await expect(readFile(waitingSource)).rejects.toThrow()
  })

  it('a post video the cleanup cannot collect is logged and skipped; the others are still collected', async () => {
    await t.app.jobs.stop()
    const author = await loginGuest(t.client, 'device-stuck')
    const stuck = await uploadVideo(t.client, clip, 'stuck')
    // A directory where its source file was: removing it as a file fails.
    const stuckSource = join(dataDir, (await postVideo(stuck)).sourcePath!)
    await rm(stuckSource)
    await mkdir(join(stuckSource, 'inside'), { recursive: true })
    await readyPostVideo(author)
    const other = await uploadVideo(t.client, clip, 'other')
    const otherSource = join(dataDir, (await postVideo(other)).sourcePath!)
    t.clock.advance(UNATTACHED_TTL_MS + 1)

    const service = createPostVideos({ db: t.db, now: t.clock.now, config: t.config, log: t.app.log })
    expect(await service.removeUnattached()).toBe(2)
    expect(await t.db.select().from(postVideos)).toEqual([])
    await expect(readFile(otherSource)).rejects.toThrow()
    const failures = t.logs.filter((line) => line.includes('collecting an unattached post video failed'))
    expect(failures).toHaveLength(1)
    expect(JSON.parse(failures[0]!)).toMatchObject({ postVideo: stuck, err: expect.anything() })
  })
})
