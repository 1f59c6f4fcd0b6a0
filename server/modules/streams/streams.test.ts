import { asc, gt } from 'drizzle-orm'
import { mkdtempSync } from 'node:fs'
import { cp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_STREAMS_DIR } from '../../db/demo/streams.ts'
import { videos } from '../../db/schema/catalogue.ts'
import { videoStreams } from '../../db/schema/streams.ts'
import { parseMasterPlaylist, parseMediaPlaylist } from '../../media-pipeline/playlist.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import {
  PLAYLIST_CACHE_CONTROL,
  PLAYLIST_TYPE,
  PRIVATE_CACHE_CONTROL,
  SEGMENT_CACHE_CONTROL,
  SEGMENT_TYPE,
} from './routes.ts'
import { ensureTags, insertVideo, reserveVideoId } from './repo.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'marquee-hls-'))
/** An encrypted demo stream with two renditions of three segments. */
const FIXTURE = 'demo-02'
const fixtureDir = join(dataDir, 'media', 'fixture', FIXTURE)

beforeAll(async () => {
  await cp(join(DEMO_STREAMS_DIR, FIXTURE), fixtureDir, { recursive: true })
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe.each(BACKENDS)('streams: /hls and the repo (%s)', (backend) => {
  const t = useTestApp(backend, { config: { dataDir } })
  let id = 0

  beforeEach(async () => {
    const [video] = await t.db
      .insert(videos)
      .values({ contentType: 1, title: '测试视频', publishedAt: new Date(START_MS) })
      .returning({ id: videos.id })
    id = video!.id
    await t.db.insert(videoStreams).values({
      videoId: id,
      dir: `fixture/${FIXTURE}`,
      encrypted: true,
      key: new Uint8Array(16).fill(7),
      renditions: [],
      createdAt: new Date(START_MS),
    })
  })

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

  it('serves playlists and segments with their types, CORS and caching; without a token the key URI has none', async () => {
    const master = await get(`/hls/${id}/master.m3u8`)
    expect(master.statusCode).toBe(200)
    expect(master.headers['content-type']).toContain(PLAYLIST_TYPE)
    expect(master.headers['cache-control']).toBe(PLAYLIST_CACHE_CONTROL)
    expect(master.headers['access-control-allow-origin']).toBe('*')
    const variants = parseMasterPlaylist(master.body)
    expect(variants.map((v) => v.uri)).toEqual(['120p/index.m3u8', '180p/index.m3u8'])

    const variant = await get(`/hls/${id}/${variants[1]!.uri}`)
    expect(variant.headers['content-type']).toContain(PLAYLIST_TYPE)
    expect(variant.headers['cache-control']).toBe(PLAYLIST_CACHE_CONTROL)
    const media = parseMediaPlaylist(variant.body)
    const onDisk = parseMediaPlaylist(await readFile(join(fixtureDir, '180p', 'index.m3u8'), 'utf8'))
    expect(media.segments.map((s) => s.uri)).toEqual(onDisk.segments.map((s) => s.uri))
    for (const segment of media.segments) {
      expect(segment.key).toEqual({ method: 'AES-128', uri: `/api/media/key/${id}`, iv: onDisk.segments[0]!.key!.iv })
    }

    const first = media.segments[0]!.uri
    const segment = await get(`/hls/${id}/180p/${first}`)
    expect(segment.statusCode).toBe(200)
    expect(segment.headers['content-type']).toBe(SEGMENT_TYPE)
    expect(segment.headers['cache-control']).toBe(SEGMENT_CACHE_CONTROL)
    expect(segment.headers['access-control-allow-origin']).toBe('*')
    expect(segment.rawPayload.equals(await readFile(join(fixtureDir, '180p', first)))).toBe(true)

    const head = await t.app.inject({ method: 'HEAD', url: `/hls/${id}/180p/${first}` })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(String(segment.rawPayload.length))
    expect(head.rawPayload.length).toBe(0)

    const preflight = await t.app.inject({ method: 'OPTIONS', url: `/hls/${id}/master.m3u8` })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-headers']).toContain('X-Play-Token')
  })

  it('answers byte ranges of segments, 416 past the end', async () => {
    const bytes = await readFile(join(fixtureDir, '120p', 'seg_001.ts'))
    const part = await get(`/hls/${id}/120p/seg_001.ts`, { range: 'bytes=188-375' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 188-375/${bytes.length}`)
    expect(part.rawPayload.equals(bytes.subarray(188, 376))).toBe(true)
    const tail = await get(`/hls/${id}/120p/seg_001.ts`, { range: 'bytes=-10' })
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true)
    const past = await get(`/hls/${id}/120p/seg_001.ts`, { range: `bytes=${bytes.length}-` })
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`)
  })

  it('with ?pt= keeps the token on variant and key URIs (not segments), private, and never logs it', async () => {
    const token = 'pt.Secret-Token_42'
    const master = await get(`/hls/${id}/master.m3u8?pt=${token}`)
    expect(master.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL)
    expect(parseMasterPlaylist(master.body).map((v) => v.uri)).toEqual([
      `120p/index.m3u8?pt=${token}`,
      `180p/index.m3u8?pt=${token}`,
    ])
    const variant = await get(`/hls/${id}/120p/index.m3u8?pt=${token}`)
    expect(variant.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL)
    const media = parseMediaPlaylist(variant.body)
    expect(media.segments.length).toBeGreaterThan(1)
    for (const segment of media.segments) {
      expect(segment.uri).toMatch(/^seg_\d{3}\.ts$/)
      expect(segment.key?.uri).toBe(`/api/media/key/${id}?pt=${token}`)
    }
    // A token is URI-encoded, so it cannot break out of the quoted attribute or add a line.
    const hostile = await get(`/hls/${id}/120p/index.m3u8?pt=${encodeURIComponent('a"\n#EXT-X-ENDLIST')}`)
    expect(parseMediaPlaylist(hostile.body).segments[0]!.key?.uri).toBe(
      `/api/media/key/${id}?pt=a%22%0A%23EXT-X-ENDLIST`,
    )

    const logged = t.logs.filter((line) => line.includes('/hls/'))
    expect(logged.length).toBeGreaterThan(0)
    expect(t.logs.join('\n')).not.toContain('Secret-Token')
    expect(t.logs.join('\n')).not.toContain('pt=')
  })

  it('answers 404 to traversal attempts, unknown names and videos without a stream', async () => {
    const [plain] = await t.db
      .insert(videos)
      .values({ contentType: 1, title: '无流', publishedAt: new Date(START_MS) })
      .returning({ id: videos.id })
    const [outside] = await t.db
      .insert(videos)
      .values({ contentType: 1, title: '越界', publishedAt: new Date(START_MS) })
      .returning({ id: videos.id })
    await t.db.insert(videoStreams).values({
      videoId: outside!.id,
      dir: '../../..',
      encrypted: false,
      renditions: [],
      createdAt: new Date(START_MS),
    })
    // Literal dot segments are resolved by the URL parser before routing (see hls.test.ts for the names).
    const urls = [
      `/hls/${id}/..%2f..%2f..%2fetc%2fpasswd`,
      `/hls/${id}/%2e%2e/master.m3u8`,
      `/hls/${id}/120p/..%2F..%2F${FIXTURE}%2Fmaster.m3u8`,
      `/hls/${id}/master.m3u8%00.ts`,
      `/hls/${id}/120p/seg_001.ts/`,
      `/hls/${id}/120p/seg_9.ts`,
      `/hls/${id}/120p/seg_099.ts`,
      `/hls/${id}/index.json`,
      `/hls/${id}/120p`,
      `/hls/${id}/`,
      `/hls/0${id}/master.m3u8`,
      `/hls/${id}.0/master.m3u8`,
      `/hls/99999999999/master.m3u8`,
      `/hls/${plain!.id}/master.m3u8`,
      `/hls/${outside!.id}/master.m3u8`,
      '/hls/',
      '/hls',
    ]
    for (const url of urls) {
      const answer = await get(url)
      expect([url, answer.statusCode]).toEqual([url, 404])
      expect(answer.body).not.toContain('#EXTM3U')
    }
  })

  // The repo's id reservation, on the same databases.
  const video = (title: string) => ({ contentType: 1, title, publishedAt: new Date(START_MS) })

  it('reserves ids from the videos sequence, so a reserved id is never handed out again', async () => {
    const first = await reserveVideoId(t.db)
    const second = await reserveVideoId(t.db)
    expect(second).toBeGreaterThan(first)
    await insertVideo(t.db, second, video('reserved'))
    const [next] = await t.db.insert(videos).values(video('next')).returning({ id: videos.id })
    expect(next!.id).toBeGreaterThan(second)
    const rows = await t.db
      .select({ id: videos.id, title: videos.title })
      .from(videos)
      .where(gt(videos.id, first))
      .orderBy(asc(videos.id))
    expect(rows).toEqual([
      { id: second, title: 'reserved' },
      { id: next!.id, title: 'next' },
    ])
  })

  it('ensureTags creates the missing tags and answers every id once', async () => {
    const [a] = await ensureTags(t.db, ['风景'])
    const ids = await ensureTags(t.db, ['风景', '新'])
    expect(ids).toHaveLength(2)
    expect(ids).toContain(a)
    expect(await ensureTags(t.db, [])).toEqual([])
  })
})
