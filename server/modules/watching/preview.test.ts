import { createDecipheriv } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { cp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import { DEMO_STREAMS_DIR, readDemoStreamIndex } from '../../db/demo/streams.ts'
import { purchases } from '../../db/schema/wallet.ts'
import { videoStreams } from '../../db/schema/streams.ts'
import { parseMediaPlaylist } from '../../media-pipeline/playlist.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { PLAYLIST_CACHE_CONTROL, SEGMENT_CACHE_CONTROL } from '../streams/routes.ts'
import { insertVideos, loginGuest } from '../wallet/testing.ts'
import { setVip, testPlayTokens } from './testing.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'marquee-preview-'))
/** A priced demo stream: encrypted, with its committed 2 s preview. */
const FIXTURE = 'demo-04'
const fixtureDir = join(dataDir, 'media', 'fixture', FIXTURE)
let key: Uint8Array
let previewSeconds = 0

beforeAll(async () => {
  await cp(join(DEMO_STREAMS_DIR, FIXTURE), fixtureDir, { recursive: true })
  const entry = (await readDemoStreamIndex())!.find((candidate) => candidate.slug === FIXTURE)!
  key = Uint8Array.from(Buffer.from(entry.keyHex!, 'hex'))
  previewSeconds = entry.previewSeconds!
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe.each(BACKENDS)('the preview of a priced video (%s)', (backend) => {
  const t = useTestApp(backend, { config: { dataDir } })

  const play = async (id: number) => {
    const answer = await t.client.call('media/play', { id })
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data as PlayInfo
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url })
  /** The same stream (with its preview files) for every video; `seconds` 0 as a stream made before previews. */
  const linkStream = (videoId: number, seconds: number) =>
    t.db.insert(videoStreams).values({
      videoId,
      dir: `fixture/${FIXTURE}`,
      encrypted: true,
      key,
      renditions: [],
      previewSeconds: seconds,
      createdAt: new Date(START_MS),
    })
  const pathOf = (url: string) => {
    const parsed = new URL(url, 'http://relative.invalid')
    return `${parsed.pathname}${parsed.search}`
  }

  it('media/play answers previewLines only for a price lock; the preview plays without a key, which stays 403', async () => {
    const [priced, free, vip, pricedVip, older] = await insertVideos(t.db, [
      { price: 500 },
      {},
      { vip: 1 },
      { price: 300, vip: 2 },
      { price: 500 },
    ])
    for (const id of [priced!, free!, vip!, pricedVip!]) await linkStream(id, previewSeconds)
    await linkStream(older!, 0)
    const userId = await loginGuest(t.client, 'device-preview')

    const locked = await play(priced!)
    expect(locked).toMatchObject({ lock: 'price', lines: [], previewSeconds })
    expect(previewSeconds).toBeGreaterThan(0)
    expect(locked.previewLines.length).toBeGreaterThan(0)
    for (const [i, line] of locked.previewLines.entries()) {
      expect(line.name).toBe(`线路${i + 1}`)
      expect(line.url).toMatch(new RegExp(`/hls/${priced}/preview/index\\.m3u8$`))
    }

    // The preview: public, cacheable, no key line, plain MPEG-TS — the same picture as the
    // stream's first segment once decrypted.
    const playlist = await get(pathOf(locked.previewLines[0]!.url))
    expect(playlist.statusCode).toBe(200)
    expect(playlist.headers['cache-control']).toBe(PLAYLIST_CACHE_CONTROL)
    expect(playlist.body).not.toMatch(/EXT-X-(SESSION-)?KEY/)
    const segments = parseMediaPlaylist(playlist.body).segments
    expect(segments.reduce((sum, segment) => sum + segment.duration, 0)).toBeCloseTo(previewSeconds, 3)
    const segment = await get(`/hls/${priced}/preview/${segments[0]!.uri}`)
    expect(segment.statusCode).toBe(200)
    expect(segment.headers['cache-control']).toBe(SEGMENT_CACHE_CONTROL)
    const bytes = segment.rawPayload
    expect([bytes[0], bytes[188], bytes.length % 188]).toEqual([0x47, 0x47, 0])
    const lowest = parseMediaPlaylist(await readFile(join(fixtureDir, '120p', 'index.m3u8'), 'utf8')).segments[0]!
    const decipher = createDecipheriv('aes-128-cbc', key, lowest.key!.iv!)
    const encrypted = await readFile(join(fixtureDir, '120p', lowest.uri))
    expect(bytes.equals(Buffer.concat([decipher.update(encrypted), decipher.final()]))).toBe(true)
    // A token on the URL changes nothing: the preview is never one user's.
    const withToken = await get(`/hls/${priced}/preview/index.m3u8?pt=abc`)
    expect(withToken.headers['cache-control']).toBe(PLAYLIST_CACHE_CONTROL)
    expect(withToken.body).toBe(playlist.body)

    // Previewing does not entitle: a valid play token still gets no key.
    const token = await testPlayTokens(t.db, t.clock.now).issue(userId, priced!)
    const keyAnswer = await get(`/api/media/key/${priced}?pt=${encodeURIComponent(token)}`)
    expect(keyAnswer.statusCode).toBe(403)
    expect(keyAnswer.rawPayload).toHaveLength(0)

    // Free, VIP-locked (links /mine/vip), and a stream made before previews: no preview.
    for (const [id, lock] of [
      [free!, 'none'],
      [vip!, 'vip'],
      [older!, 'price'],
    ] as const) {
      const info = await play(id)
      expect(info, `video ${id}`).toMatchObject({ lock, previewSeconds: 0, previewLines: [] })
    }
    // A preview file exists for the older stream too, but its row says none: /hls does not serve it.
    expect((await get(`/hls/${older}/preview/index.m3u8`)).statusCode).toBe(404)
    expect((await get(`/hls/${older}/preview/${segments[0]!.uri}`)).statusCode).toBe(404)

    // A price lock that a membership opens plays in full; without it, it previews.
    expect(await play(pricedVip!)).toMatchObject({ lock: 'price', previewSeconds })
    await setVip(t.db, userId, 'supreme', new Date(START_MS + 86_400_000))
    expect(await play(pricedVip!)).toMatchObject({ lock: 'none', previewSeconds: 0, previewLines: [] })

    // Bought: the full stream's lines, no preview.
    await t.db.insert(purchases).values({ userId, videoId: priced!, price: 500, createdAt: new Date(START_MS) })
    const owned = await play(priced!)
    expect(owned).toMatchObject({ lock: 'none', previewSeconds: 0, previewLines: [] })
    expect(owned.lines.map((line) => line.url.split('/hls/')[0])).toEqual(
      locked.previewLines.map((line) => line.url.split('/hls/')[0]),
    )
  })
})
