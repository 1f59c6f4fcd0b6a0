import { createDecipheriv } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, eq, ne } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { POST_VIDEO_CONTENT_TYPE } from '../../../core/contracts/media.ts'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import { parseMasterPlaylist, parseMediaPlaylist } from '../../media-pipeline/playlist.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { mediaDirOf } from '../../modules/streams/routes.ts'
import { loginGuest } from '../../modules/wallet/testing.ts'
import { seedDemoData } from '../seed.ts'
import { videos } from '../schema/catalogue.ts'
import { videoStreams } from '../schema/streams.ts'
import { PREVIEW_PLAYLIST } from '../../media-pipeline/preview.ts'
import { demoVideos } from './catalogue.ts'
import { DEMO_STREAMS, DEMO_STREAMS_DIR, installDemoStreams, readDemoStreamIndex } from './streams.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'marquee-demo-streams-'))
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('committed demo streams', () => {
  it('are twelve, small, and each master playlist lists renditions whose segments exist', async () => {
    const index = (await readDemoStreamIndex())!
    expect(index.map((entry) => entry.slug)).toEqual(DEMO_STREAMS.map((stream) => stream.slug))
    let bytes = 0
    for (const entry of index) {
      const dir = join(DEMO_STREAMS_DIR, entry.slug)
      const variants = parseMasterPlaylist(await readFile(join(dir, 'master.m3u8'), 'utf8'))
      expect(variants.map((v) => v.uri)).toEqual(entry.renditions.map((r) => r.playlistPath))
      expect(variants.length).toBeGreaterThanOrEqual(2)
      expect(entry.durationSeconds).toBeGreaterThanOrEqual(4)
      expect(entry.durationSeconds).toBeLessThanOrEqual(6)
      const stream = DEMO_STREAMS.find((s) => s.slug === entry.slug)!
      expect(entry.keyHex !== undefined).toBe(stream.encrypted)
      for (const variant of variants) {
        const media = parseMediaPlaylist(await readFile(join(dir, variant.uri), 'utf8'))
        expect(media.endList).toBe(true)
        for (const segment of media.segments) {
          expect(segment.key?.method).toBe(stream.encrypted ? 'AES-128' : undefined)
          bytes += (await stat(join(dir, variant.uri, '..', segment.uri))).size
        }
      }
    }
    expect(bytes).toBeLessThan(3 * 1024 * 1024)
  })

  it('priced ones, and only they, carry a plain preview of their first segment, a third of the video at most', async () => {
    const index = (await readDemoStreamIndex())!
    const catalogue = demoVideos(new Date(START_MS))
    const priced = DEMO_STREAMS.filter((stream) => catalogue[stream.video]!.price > 0).map((stream) => stream.slug)
    expect(priced.length).toBeGreaterThan(0)
    expect(index.filter((entry) => entry.previewSeconds).map((entry) => entry.slug)).toEqual(priced)
    for (const entry of index.filter((candidate) => candidate.previewSeconds)) {
      const dir = join(DEMO_STREAMS_DIR, entry.slug)
      const text = await readFile(join(dir, PREVIEW_PLAYLIST), 'utf8')
      expect(text).not.toContain('EXT-X-KEY')
      const preview = parseMediaPlaylist(text)
      const seconds = preview.segments.reduce((sum, segment) => sum + segment.duration, 0)
      expect(seconds).toBeCloseTo(entry.previewSeconds!, 3)
      expect(seconds).toBeLessThan(entry.durationSeconds)
      for (const segment of preview.segments) {
        const bytes = await readFile(join(dir, 'preview', segment.uri))
        expect([bytes[0], bytes[188], bytes.length % 188]).toEqual([0x47, 0x47, 0])
      }
    }
  })
})

describe.each(BACKENDS)('demo streams seeded (%s)', (backend) => {
  const t = useTestApp(backend, { config: { dataDir } })

  it('copies the files, links every catalogue video to one, and they play through /hls and the key endpoint', async () => {
    await seedDemoData(t.db, new Date(START_MS), { mediaDir: mediaDirOf({ dataDir }) })
    // A second start changes nothing and copies nothing again.
    await seedDemoData(t.db, new Date(START_MS), { mediaDir: mediaDirOf({ dataDir }) })
    const rows = await t.db
      .select({
        id: videos.id,
        contentType: videos.contentType,
        price: videos.price,
        vip: videos.vip,
        duration: videos.duration,
        dir: videoStreams.dir,
        encrypted: videoStreams.encrypted,
        key: videoStreams.key,
        previewSeconds: videoStreams.previewSeconds,
      })
      .from(videoStreams)
      .innerJoin(videos, eq(videos.id, videoStreams.videoId))
      .where(ne(videos.contentType, POST_VIDEO_CONTENT_TYPE))
      .orderBy(asc(videos.id))
    // Every demo video plays: the first twelve their own stream, later ones one of those. (The
    // demo community's post videos play some of them too: demo/community.test.ts.)
    const catalogue = demoVideos(new Date(START_MS))
    const all = await t.db
      .select({ id: videos.id })
      .from(videos)
      .where(ne(videos.contentType, POST_VIDEO_CONTENT_TYPE))
      .orderBy(asc(videos.id))
    expect(rows.map((row) => row.id)).toEqual(all.map((row) => row.id))
    expect(rows.slice(0, 12).map((row) => row.dir)).toEqual(DEMO_STREAMS.map((stream) => `demo/${stream.slug}`))
    const madeFor = (dir: string) => catalogue[DEMO_STREAMS.find((stream) => `demo/${stream.slug}` === dir)!.video]!
    for (const row of rows) {
      expect(madeFor(row.dir).contentType).toBe(row.contentType)
      expect(row.duration).toBeLessThanOrEqual(6)
    }
    expect(rows.some((row) => row.price === 0 && row.vip === 0)).toBe(true)
    expect(rows.some((row) => row.price > 0)).toBe(true)
    expect(rows.some((row) => row.vip > 0)).toBe(true)
    // Every locked video is encrypted, and some free ones too (the free-key path).
    expect(rows.filter((row) => row.price > 0 || row.vip > 0).every((row) => row.encrypted)).toBe(true)
    expect(rows.some((row) => row.price === 0 && row.vip === 0 && row.encrypted)).toBe(true)
    // Previews for priced ones only, and every priced long one has one (no portrait stream is priced).
    expect(rows.filter((row) => row.previewSeconds > 0).every((row) => row.price > 0)).toBe(true)
    expect(rows.filter((row) => row.price > 0 && row.contentType === 1).every((row) => row.previewSeconds > 0)).toBe(
      true,
    )

    // Each stream once through /hls, by the first video that plays it.
    const firstOfEachStream = rows.filter((row, i) => rows.findIndex((other) => other.dir === row.dir) === i)
    expect(firstOfEachStream).toHaveLength(12)
    for (const row of firstOfEachStream) {
      expect(row.duration).toBeGreaterThanOrEqual(4)
      const master = await t.app.inject({ method: 'GET', url: `/hls/${row.id}/master.m3u8` })
      expect(master.statusCode).toBe(200)
      const variants = parseMasterPlaylist(master.body)
      expect(variants.length).toBe(2)
      const variant = await t.app.inject({ method: 'GET', url: `/hls/${row.id}/${variants[0]!.uri}` })
      const segment = parseMediaPlaylist(variant.body).segments[0]!
      const base = variants[0]!.uri.replace(/index\.m3u8$/, '')
      const bytes = (await t.app.inject({ method: 'GET', url: `/hls/${row.id}/${base}${segment.uri}` })).rawPayload
      let ts = bytes
      if (row.encrypted) {
        expect(segment.key?.uri).toBe(`/api/media/key/${row.id}`)
        const decipher = createDecipheriv('aes-128-cbc', row.key!, segment.key!.iv!)
        ts = Buffer.concat([decipher.update(bytes), decipher.final()])
      } else {
        expect(segment.key).toBeNull()
      }
      // MPEG-TS: 188-byte packets, each starting with the sync byte.
      expect(ts.length % 188).toBe(0)
      expect([ts[0], ts[188]]).toEqual([0x47, 0x47])
    }

    // As the app plays one: media/play's line → master and variant with ?pt= → key → a segment.
    await loginGuest(t.client, 'device-demo-stream')
    // A free demo video that is encrypted (the free-key path).
    const [free] = await t.db
      .select({ id: videos.id })
      .from(videos)
      .innerJoin(videoStreams, eq(videoStreams.videoId, videos.id))
      .where(and(eq(videos.price, 0), eq(videos.vip, 0), eq(videoStreams.encrypted, true)))
      .orderBy(asc(videos.id))
      .limit(1)
    const info = (await t.client.call('media/play', { id: free!.id })).body.data as PlayInfo
    const line = new URL(info.lines[0]!.url)
    expect(line.pathname).toBe(`/hls/${free!.id}/master.m3u8`)
    const pt = line.searchParams.get('pt')!
    const get = (url: string) => t.app.inject({ method: 'GET', url })

    const master = await get(`${line.pathname}${line.search}`)
    const variantUri = parseMasterPlaylist(master.body)[0]!.uri
    expect(variantUri).toMatch(/\?pt=/)
    const variantUrl = new URL(variantUri, line)
    const media = parseMediaPlaylist((await get(`${variantUrl.pathname}${variantUrl.search}`)).body)
    const segment = media.segments[0]!
    const keyUrl = new URL(segment.key!.uri!, line)
    expect(keyUrl.searchParams.get('pt')).toBe(pt)
    const key = await get(`${keyUrl.pathname}${keyUrl.search}`)
    expect(key.statusCode).toBe(200)
    const bytes = (await get(new URL(segment.uri, variantUrl).pathname)).rawPayload
    const decipher = createDecipheriv('aes-128-cbc', key.rawPayload, segment.key!.iv!)
    const ts = Buffer.concat([decipher.update(bytes), decipher.final()])
    expect([ts[0], ts[188]]).toEqual([0x47, 0x47])
  })
})

describe.each(BACKENDS)('demo streams from a version without previews (%s)', (backend) => {
  const older = join(dataDir, `older-${backend}`)
  const t = useTestApp(backend, { config: { dataDir: older } })

  it('gain their previews on the next start: the files and the rows', async () => {
    const mediaDir = mediaDirOf({ dataDir: older })
    await seedDemoData(t.db, new Date(START_MS), { mediaDir })
    // As that version left them: no preview files, preview_seconds 0.
    const previewed = (await readDemoStreamIndex())!.filter((entry) => entry.previewSeconds)
    for (const entry of previewed) await rm(join(mediaDir, 'demo', entry.slug, 'preview'), { recursive: true })
    await t.db.update(videoStreams).set({ previewSeconds: 0 })
    const playlistOf = async () => {
      const [row] = await t.db
        .select({ id: videoStreams.videoId, seconds: videoStreams.previewSeconds })
        .from(videoStreams)
        .where(eq(videoStreams.dir, `demo/${previewed[0]!.slug}`))
      return {
        seconds: row!.seconds,
        answer: await t.app.inject({ method: 'GET', url: `/hls/${row!.id}/${PREVIEW_PLAYLIST}` }),
      }
    }
    expect((await playlistOf()).answer.statusCode).toBe(404)

    await seedDemoData(t.db, new Date(START_MS), { mediaDir })
    const after = await playlistOf()
    expect(after.seconds).toBe(previewed[0]!.previewSeconds)
    expect(after.answer.statusCode).toBe(200)
    // Every video playing a previewed stream, whichever version linked it.
    const rows = await t.db.select({ dir: videoStreams.dir, seconds: videoStreams.previewSeconds }).from(videoStreams)
    const previewedDirs = new Set(previewed.map((entry) => `demo/${entry.slug}`))
    expect(rows.filter((row) => row.seconds > 0)).toEqual(rows.filter((row) => previewedDirs.has(row.dir)))
    expect(rows.filter((row) => row.seconds > 0).length).toBeGreaterThan(previewed.length)
  })
})

describe('installDemoStreams', () => {
  it('copies only what is missing, so a wiped stream comes back', async () => {
    const mediaDir = join(dataDir, 'install')
    await installDemoStreams(mediaDir)
    const master = join(mediaDir, 'demo', 'demo-01', 'master.m3u8')
    const before = (await stat(master)).mtimeMs
    await rm(join(mediaDir, 'demo', 'demo-02'), { recursive: true })
    await installDemoStreams(mediaDir)
    expect((await stat(master)).mtimeMs).toBe(before)
    expect((await stat(join(mediaDir, 'demo', 'demo-02', 'master.m3u8'))).isFile()).toBe(true)
  })
})
