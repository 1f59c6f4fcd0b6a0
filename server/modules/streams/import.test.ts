import { createDecipheriv } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { descramble } from '../../../core/images/descramble.ts'
import { images } from '../../db/schema/images.ts'
import { tags, videos, videoTags } from '../../db/schema/catalogue.ts'
import { videoStreams } from '../../db/schema/streams.ts'
import { imageKeysFromConfig } from '../../images/scramble.ts'
import { FfmpegNotFoundError, InvalidMediaError } from '../../media-pipeline/ffmpeg.ts'
import { parseMasterPlaylist, parseMediaPlaylist } from '../../media-pipeline/playlist.ts'
import { makeTestClip, writeNoiseFile } from '../../media-pipeline/test-clip.ts'
import { START_MS, useTestApp } from '../../testing/harness.ts'
import { UsageError, type AdminServices } from '../../admin/command.ts'
import { mediaImportCommand } from '../../admin/commands/media-import.ts'
import { ImportOptionError, importMedia, type ImportDeps } from './import.ts'
import { PLAYLIST_CACHE_CONTROL } from './routes.ts'

const work = mkdtempSync(join(tmpdir(), 'marquee-import-'))
const dataDir = join(work, 'data')
const mediaDir = join(dataDir, 'media')
let clip = ''
let longClip = ''
let corrupt = ''

beforeAll(async () => {
  clip = await makeTestClip(work, { seconds: 4, width: 320, height: 240 })
  longClip = await makeTestClip(work, { seconds: 12, width: 160, height: 120, rate: 10, name: 'long.mp4' })
  corrupt = await writeNoiseFile(work)
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

const mediaEntries = () => readdir(mediaDir).catch(() => [] as string[])

// The pipeline itself is tested in server/media-pipeline; this is the command's end to end on PGlite.
describe('media:import (pglite)', () => {
  const t = useTestApp('pglite', { config: { dataDir } })
  // Each test's database starts its ids at 1 again.
  beforeEach(() => rm(mediaDir, { recursive: true, force: true }))
  const deps = (): ImportDeps => ({ db: t.db, config: t.config, now: () => START_MS })

  it('transcodes, stores the encrypted stream, its key, the video, tags and a scrambled cover in one go', async () => {
    await t.db.insert(tags).values({ name: '风景' })
    const result = await importMedia(deps(), {
      file: clip,
      title: '导入的测试视频',
      tags: ['风景', '新标签', '风景'],
      price: 450,
      vip: 1,
    })
    expect(result).toMatchObject({ dir: String(result.videoId), durationSeconds: 4, encrypted: true })

    const [video] = await t.db.select().from(videos).where(eq(videos.id, result.videoId))
    expect(video).toMatchObject({
      contentType: 1,
      title: '导入的测试视频',
      duration: 4,
      price: 450,
      vip: 1,
      cover: result.coverKey,
      coverWidth: 320,
      coverHeight: 240,
      publishedAt: new Date(START_MS),
    })
    const tagNames = await t.db
      .select({ name: tags.name })
      .from(videoTags)
      .innerJoin(tags, eq(tags.id, videoTags.tagId))
      .where(eq(videoTags.videoId, result.videoId))
      .orderBy(asc(tags.name))
    expect(tagNames.map((row) => row.name).sort()).toEqual(['新标签', '风景'].sort())

    const [stream] = await t.db.select().from(videoStreams).where(eq(videoStreams.videoId, result.videoId))
    expect(stream).toMatchObject({ dir: String(result.videoId), encrypted: true })
    expect(stream!.key).toHaveLength(16)
    expect(stream!.renditions.map((r) => r.name)).toEqual(result.renditions.map((r) => r.name))
    expect(stream!.renditions.length).toBeGreaterThanOrEqual(2)
    // The key is in the database only, never beside the files.
    const files = await readdir(join(mediaDir, String(result.videoId)), { recursive: true })
    expect(files.filter((file) => /key/i.test(file))).toEqual([])

    const master = await t.app.inject({ method: 'GET', url: `/hls/${result.videoId}/master.m3u8` })
    const variants = parseMasterPlaylist(master.body)
    expect(variants.map((v) => v.uri)).toEqual(stream!.renditions.map((r) => r.playlistPath))
    const variant = await t.app.inject({ method: 'GET', url: `/hls/${result.videoId}/${variants[0]!.uri}` })
    const segment = parseMediaPlaylist(variant.body).segments[0]!
    expect(segment.key?.uri).toBe(`/api/media/key/${result.videoId}`)
    const name = `${variants[0]!.uri.replace(/index\.m3u8$/, '')}${segment.uri}`
    const bytes = (await t.app.inject({ method: 'GET', url: `/hls/${result.videoId}/${name}` })).rawPayload
    const decipher = createDecipheriv('aes-128-cbc', stream!.key!, segment.key!.iv!)
    const ts = Buffer.concat([decipher.update(bytes), decipher.final()])
    expect([ts[0], ts[188]]).toEqual([0x47, 0x47])

    const served = await t.app.inject({ method: 'GET', url: `/img/${result.coverKey}` })
    expect(served.statusCode).toBe(200)
    const cover = descramble(new Uint8Array(served.rawPayload), imageKeysFromConfig(t.config))
    expect(cover.scheme).toBe(t.config.imageSchemes.cover)
    expect(cover.contentType).toBe('image/jpeg')
  })

  it('a priced import also writes an unencrypted preview, served without a key; a VIP-only one gets none', async () => {
    // 12 s in 4 s segments: PREVIEW_SECONDS (15) is capped to a third of the video, one segment.
    const priced = await importMedia(deps(), { file: longClip, price: 300 })
    expect(priced).toMatchObject({ encrypted: true, previewSeconds: 4 })
    const [row] = await t.db.select().from(videoStreams).where(eq(videoStreams.videoId, priced.videoId))
    expect(row!.previewSeconds).toBe(4)

    const playlist = await t.app.inject({ method: 'GET', url: `/hls/${priced.videoId}/preview/index.m3u8?pt=x` })
    expect(playlist.statusCode).toBe(200)
    expect(playlist.headers['cache-control']).toBe(PLAYLIST_CACHE_CONTROL)
    expect(playlist.body).not.toContain('EXT-X-KEY')
    const segments = parseMediaPlaylist(playlist.body).segments
    expect(segments.map((segment) => [segment.duration, segment.key])).toEqual([[4, null]])
    const bytes = (await t.app.inject({ method: 'GET', url: `/hls/${priced.videoId}/preview/${segments[0]!.uri}` }))
      .rawPayload
    // Plain MPEG-TS: a player needs no key for it.
    expect(bytes.length % 188).toBe(0)
    expect([bytes[0], bytes[188], bytes.at(-188)]).toEqual([0x47, 0x47, 0x47])

    const vip = await importMedia(deps(), { file: longClip, vip: 2 })
    expect(vip.previewSeconds).toBe(0)
    expect(await readdir(join(mediaDir, vip.dir))).not.toContain('preview')
    const none = await t.app.inject({ method: 'GET', url: `/hls/${vip.videoId}/preview/index.m3u8` })
    expect(none.statusCode).toBe(404)

    // PREVIEW_SECONDS=0: no previews at all.
    const off = await importMedia(
      { ...deps(), config: { ...t.config, previewSeconds: 0 } },
      { file: longClip, price: 1 },
    )
    expect(off.previewSeconds).toBe(0)
    expect(await readdir(join(mediaDir, off.dir))).not.toContain('preview')
  })

  it('media:import without ENCRYPT_M3U8 writes a plain stream; --short puts it in the short feed', async () => {
    const lines: string[] = []
    for (const args of [[], [clip, clip], [clip, '--vip', '5'], [clip, '--price', '2.5'], [clip, '--colour', 'red']]) {
      expect(() => mediaImportCommand.parse(args, work)).toThrow(UsageError)
    }
    const run = mediaImportCommand.parse([basename(clip), '--short', '--tags', '生活,', '--price', '200'], work)
    const services: AdminServices = {
      config: { ...t.config, encryptM3u8: false },
      db: t.db,
      now: () => START_MS,
      progress: (line) => lines.push(line),
    }
    const output = await run(services)
    const [row] = await t.db
      .select({
        id: videos.id,
        title: videos.title,
        contentType: videos.contentType,
        price: videos.price,
        encrypted: videoStreams.encrypted,
        playlist: sql<string>`${videoStreams.renditions}->0->>'playlistPath'`,
      })
      .from(videos)
      .innerJoin(videoStreams, eq(videoStreams.videoId, videos.id))
    expect(row).toMatchObject({ title: 'clip', contentType: 2, price: 200, encrypted: false })
    expect(output).toContain(`/hls/${row!.id}/master.m3u8`)
    expect(lines.length).toBeGreaterThan(0)
    const variant = await t.app.inject({ method: 'GET', url: `/hls/${row!.id}/${row!.playlist}` })
    expect(parseMediaPlaylist(variant.body).segments[0]!.key).toBeNull()
  })

  it('leaves no row, image or directory for a corrupt input, a missing ffmpeg, a bad option or a failed write', async () => {
    const count = async () => {
      const [row] = await t.db
        .select({
          videos: sql<number>`(select count(*)::int from ${videos})`,
          streams: sql<number>`(select count(*)::int from ${videoStreams})`,
          images: sql<number>`(select count(*)::int from ${images})`,
          tags: sql<number>`(select count(*)::int from ${tags})`,
        })
        .from(sql`(select 1) as one`)
      return row
    }
    const empty = { videos: 0, streams: 0, images: 0, tags: 0 }

    await expect(importMedia(deps(), { file: corrupt, tags: ['x'] })).rejects.toBeInstanceOf(InvalidMediaError)
    await expect(importMedia(deps(), { file: join(work, 'missing.mp4') })).rejects.toBeInstanceOf(InvalidMediaError)
    const noFfmpeg = importMedia({ ...deps(), ffmpeg: { searchPath: join(work, 'no-bin') } }, { file: clip })
    await expect(noFfmpeg).rejects.toBeInstanceOf(FfmpegNotFoundError)
    await expect(noFfmpeg).rejects.toThrow('apt-get install ffmpeg')
    await expect(importMedia(deps(), { file: clip, vip: 4 })).rejects.toBeInstanceOf(ImportOptionError)
    await expect(importMedia(deps(), { file: clip, price: 1.5 })).rejects.toBeInstanceOf(ImportOptionError)
    expect(await count()).toEqual(empty)
    expect((await mediaEntries()).filter((entry) => !entry.startsWith('.'))).toEqual([])

    // The files are made, then the transaction fails: they go too.
    const failing = Object.create(t.db, {
      transaction: { value: () => Promise.reject(new Error('database went away')) },
    }) as ImportDeps['db']
    await expect(importMedia({ ...deps(), db: failing }, { file: clip })).rejects.toThrow('database went away')
    expect(await count()).toEqual(empty)
    expect(await mediaEntries()).toEqual([])
  })
})
