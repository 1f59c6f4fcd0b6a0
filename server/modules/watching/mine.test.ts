import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { tags, videos, videoTags } from '../../db/schema/catalogue.ts'
import { favourites, playHistory, videoLikes } from '../../db/schema/watching.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { createWalletService } from '../wallet/service.ts'
import { PLAY_COUNT_WINDOW_MS } from './service.ts'
import { insertVideos, loginGuest } from '../wallet/testing.ts'

type Item = { id: number; at: number; position?: number }
type MinePage = { items: Item[]; nextCursor: string | null }

describe.each(BACKENDS)('media/trackList under load (%s)', (backend) => {
  const t = useTestApp(backend, { poolSize: 20 })

  it('200 concurrent started reports of one user raise the play count by 1', async () => {
    const [id] = await insertVideos(t.db, [{}])
    await loginGuest(t.client, 'device-plays-race')
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => t.client.call('media/trackList', { id, position: i, started: true })),
    )
    expect(answers.map((answer) => answer.body.code)).toEqual(answers.map(() => 200))
    expect((await t.db.select({ n: videos.playCount }).from(videos).where(eq(videos.id, id!)))[0]!.n).toBe(1)
    expect(await t.db.select().from(playHistory)).toHaveLength(1)
  })
})

describe.each(BACKENDS)('likes, favourites, history and Mine lists (%s)', (backend) => {
  const t = useTestApp(backend)

  const call = async (name: string, body: unknown) => {
    const answer = await t.client.call(name, body)
    expect(answer.body.code, `${name} ${JSON.stringify(answer.body)}`).toBe(200)
    return answer.body.data
  }
  /** Every page of a Mine list: ids newest first, and how many pages. */
  async function walk(name: string) {
    const items: Item[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = (await call(name, cursor ? { cursor } : {})) as MinePage
      expect(page.items.length).toBeLessThanOrEqual(10)
      items.push(...page.items)
      cursor = page.nextCursor
      pages++
    } while (cursor)
    return { items, pages }
  }
  const likeCount = async (id: number) =>
    (await t.db.select({ n: videos.likeCount }).from(videos).where(eq(videos.id, id)))[0]!.n

  it('media/like sets and clears once per user; the count follows; media/play reports it', async () => {
    const [id] = await insertVideos(t.db, [{}])
    await loginGuest(t.client, 'device-like-a')
    expect(await call('media/like', { id, like: true })).toEqual({ liked: true, likeCount: 1 })
    expect(await call('media/like', { id, like: true })).toEqual({ liked: true, likeCount: 1 })
    await loginGuest(t.client, 'device-like-b')
    expect(await call('media/like', { id, like: true })).toEqual({ liked: true, likeCount: 2 })
    expect(((await call('media/play', { id })) as PlayInfo).liked).toBe(true)
    expect(await call('media/like', { id, like: false })).toEqual({ liked: false, likeCount: 1 })
    expect(await call('media/like', { id, like: false })).toEqual({ liked: false, likeCount: 1 })
    expect(((await call('media/play', { id })) as PlayInfo).liked).toBe(false)
    expect(await likeCount(id!)).toBe(1)
    expect(await t.db.select().from(videoLikes)).toHaveLength(1)
    expect((await t.client.call('media/like', { id: 999_999, like: true })).body.code).toBe(BusinessCode.NotFound)
    expect((await t.client.call('media/like', { id })).body.code).toBe(4000)
  })

  it('favourites: collect/operate adds once, collect/delete removes (both idempotent), collect/list newest first', async () => {
    const ids = await insertVideos(
      t.db,
      Array.from({ length: 12 }, () => ({})),
    )
    const userId = await loginGuest(t.client, 'device-fav')
    for (const id of ids) {
      await call('collect/operate', { id })
      t.clock.advance(1000)
    }
    await call('collect/operate', { id: ids[0] })
    expect(((await call('media/play', { id: ids[3] })) as PlayInfo).favourited).toBe(true)
    const listed = await walk('collect/list')
    expect(listed.pages).toBe(2)
    expect(listed.items.map((i) => i.id)).toEqual([...ids].reverse())
    expect(listed.items[0]!.at - listed.items[11]!.at).toBe(11)
    await call('collect/delete', { ids: [ids[3], ids[4], 999_999] })
    await call('collect/delete', { ids: [ids[3]] })
    expect((await walk('collect/list')).items.map((i) => i.id)).toEqual(
      [...ids].reverse().filter((id) => id !== ids[3] && id !== ids[4]),
    )
    expect(((await call('media/play', { id: ids[3] })) as PlayInfo).favourited).toBe(false)
    expect(await t.db.select().from(favourites).where(eq(favourites.userId, userId))).toHaveLength(10)
    expect((await t.client.call('collect/delete', { ids: [] })).body.code).toBe(4000)
    expect((await t.client.call('collect/operate', { id: 999_999 })).body.code).toBe(BusinessCode.NotFound)
    // Another user's list is their own.
    await loginGuest(t.client, 'device-fav-other')
    expect((await walk('collect/list')).items).toEqual([])
  })

  it('media/trackList counts a started play and keeps the position for resume and history', async () => {
    const [a, b] = await insertVideos(t.db, [{}, {}])
    await loginGuest(t.client, 'device-track')
    const plays = async (id: number) =>
      (await t.db.select({ n: videos.playCount }).from(videos).where(eq(videos.id, id)))[0]!.n
    await call('media/trackList', { id: a, position: 0, started: true })
    t.clock.advance(5000)
    await call('media/trackList', { id: a, position: 42.5 })
    t.clock.advance(5000)
    await call('media/trackList', { id: b, position: 10, started: true })
    t.clock.advance(5000)
    await call('media/trackList', { id: a, position: 0, started: true })
    await call('media/trackList', { id: a, position: 90 })
    expect(await plays(a!)).toBe(1)
    expect(await plays(b!)).toBe(1)
    expect(((await call('media/play', { id: a })) as PlayInfo).resumeAt).toBe(90)
    const history = await walk('media/history')
    expect(history.items.map((i) => [i.id, i.position])).toEqual([
      [a, 90],
      [b, 10],
    ])
    expect(await t.db.select().from(playHistory)).toHaveLength(2)
    expect((await t.client.call('media/trackList', { id: a, position: -1 })).body.code).toBe(4000)
    expect((await t.client.call('media/trackList', { id: 999_999, position: 1 })).body.code).toBe(BusinessCode.NotFound)
  })

  it('media/trackList counts a play once per user and video in PLAY_COUNT_WINDOW_MS', async () => {
    const [id, other] = await insertVideos(t.db, [{}, {}])
    const plays = async () => (await t.db.select({ n: videos.playCount }).from(videos).where(eq(videos.id, id!)))[0]!.n
    const started = (client = t.client) => client.call('media/trackList', { id, position: 0, started: true })
    await loginGuest(t.client, 'device-plays-a')
    const second = t.newClient()
    await loginGuest(second, 'device-plays-b')
    for (let i = 0; i < 50; i++) expect((await started()).body.code).toBe(200)
    expect(await plays()).toBe(1)
    await started(second)
    expect(await plays()).toBe(2)
    await t.client.call('media/trackList', { id: other, position: 0, started: true })
    expect(await plays()).toBe(2)
    t.clock.advance(PLAY_COUNT_WINDOW_MS - 1)
    await started()
    expect(await plays()).toBe(2)
    t.clock.advance(1)
    await started()
    await started()
    await started(second)
    expect(await plays()).toBe(4)
  })

  it('media/bought lists purchases newest first across pages; cursors of another list are refused', async () => {
    const ids = await insertVideos(
      t.db,
      Array.from({ length: 11 }, () => ({ price: 100 })),
    )
    const userId = await loginGuest(t.client, 'device-bought')
    await createWalletService({ db: t.db, now: t.clock.now }).credit(userId, 5000, 'test')
    // Two purchases share a millisecond: the video id breaks the tie, so none is skipped or repeated.
    for (const [i, id] of ids.entries()) {
      await call('media/pay', { id })
      if (i !== 4) t.clock.advance(1000)
    }
    const bought = await walk('media/bought')
    expect(bought.pages).toBe(2)
    expect(bought.items.map((i) => i.id)).toEqual([...ids].reverse())
    expect(bought.items[0]).not.toHaveProperty('position')
    const first = (await call('media/bought', {})) as MinePage
    const foreign = await t.client.call('media/history', { cursor: first.nextCursor })
    expect(foreign.body).toMatchObject({ code: 4000, msg: 'cursor: not a cursor of this list' })
    expect((await t.client.call('media/bought', {}, { token: '' })).body.code).toBe(1000)
  })

  it('media/play: related are up to 6 other videos sharing a tag, most liked first', async () => {
    const ids = await insertVideos(
      t.db,
      Array.from({ length: 10 }, () => ({})),
    )
    const [sea, food] = await t.db
      .insert(tags)
      .values([{ name: '海' }, { name: '美食' }])
      .returning()
    // ids[0] is tagged 海; ids[1..7] also 海, ids[8] only 美食, ids[9] untagged.
    await t.db
      .insert(videoTags)
      .values([
        ...ids.slice(0, 8).map((videoId) => ({ tagId: sea!.id, videoId })),
        { tagId: food!.id, videoId: ids[8]! },
      ])
    for (const [i, id] of ids.entries()) await t.db.update(videos).set({ likeCount: i }).where(eq(videos.id, id))
    await loginGuest(t.client, 'device-related')
    const info = (await call('media/play', { id: ids[0] })) as PlayInfo
    expect(info.related.map((v) => v.id)).toEqual([ids[7], ids[6], ids[5], ids[4], ids[3], ids[2]])
    expect(info.video.id).toBe(ids[0])
    expect(info).toMatchObject({ lock: 'none', balance: 0, resumeAt: 0, previewSeconds: 0, previewLines: [] })
    expect(((await call('media/play', { id: ids[9] })) as PlayInfo).related).toEqual([])
    expect((await t.client.call('media/play', { id: 999_999 })).body.code).toBe(BusinessCode.NotFound)
  })
})
