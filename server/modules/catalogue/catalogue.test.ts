import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CollectionPage, HomeResult, Page, VideoCard, VideoDetail } from '../../../core/contracts/media.ts'
import { topics } from '../../db/schema/catalogue.ts'
import { videoStreams } from '../../db/schema/streams.ts'
import { encodeCursor } from './cursor.ts'
import { HOME_CACHE_MS } from './service.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { createWalletService } from '../wallet/service.ts'
import { insertCollection, insertVideos, loginGuest } from '../wallet/testing.ts'
import { insertTestCatalogue, sortedIds, type FixtureVideo } from './test-catalogue.ts'

type Answer = { code: number; data?: unknown; msg?: string }
const time = (v: FixtureVideo) => v.publishedAt.getTime()

describe.each(BACKENDS)('media calls (%s)', (backend) => {
  const t = useTestApp(backend)

  async function login() {
    const answer = await t.client.call('login/guest', { devID: 'device-media-1', affCode: '' })
    t.client.token = (answer.body.data as { token: string }).token
  }

  /** Every page of a list, following nextCursor; each page must hold at most 10. */
  async function walk(name: string, body: Record<string, unknown> = {}) {
    const ids: number[] = []
    let cursor: string | undefined
    let pages = 0
    for (;;) {
      const answer = await t.client.call(name, cursor ? { ...body, cursor } : body)
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
      const page = answer.body.data as Page<VideoCard>
      expect(page.items.length).toBeLessThanOrEqual(10)
      ids.push(...page.items.map((item) => item.id))
      pages++
      if (!page.nextCursor) break
      expect(page.items).toHaveLength(10)
      cursor = page.nextCursor
    }
    return { ids, pages }
  }

  it('pages every list with keysets: each row once, in order, even when sort keys tie', async () => {
    const c = await insertTestCatalogue(t.db)
    await login()
    const all = c.videos
    const long = all.filter((v) => v.contentType === 1)
    const short = all.filter((v) => v.contentType === 2)
    // The short feed offers only videos with a stream: give every other short one.
    const streamed = short.filter((_, index) => index % 2 === 0)
    await t.db.insert(videoStreams).values(
      streamed.map((video) => ({
        videoId: video.id,
        dir: `test/${video.id}`,
        encrypted: false,
        renditions: [],
        createdAt: new Date(0),
      })),
    )
    const tag = c.tags[0]!.id
    const topic = c.topics[0]!.id
    const actor = c.actors[1]!.id
    const cases: [string, Record<string, unknown>, number[]][] = [
      ['media/published', {}, sortedIds(all, time)],
      ['media/recommend', {}, sortedIds(long, (v) => v.likeCount)],
      ['media/short/recommend', {}, sortedIds(streamed, (v) => v.likeCount)],
      ['search/hot', {}, sortedIds(all, (v) => v.playCount)],
      [
        'media/tag/details',
        { id: tag },
        sortedIds(
          all.filter((v) => v.tagIds.includes(tag)),
          time,
        ),
      ],
      [
        'media/tag/details',
        { id: tag, sort: 'hot' },
        sortedIds(
          all.filter((v) => v.tagIds.includes(tag)),
          (v) => v.playCount,
        ),
      ],
      [
        'media/topic/details',
        { id: topic },
        sortedIds(
          all.filter((v) => v.topicIds.includes(topic)),
          time,
        ),
      ],
      [
        'media/actor/details',
        { id: actor, sort: 'hot' },
        sortedIds(
          all.filter((v) => v.actorIds.includes(actor)),
          (v) => v.playCount,
        ),
      ],
      [
        'media/collect/details',
        { id: c.collections[0]!.id },
        sortedIds(
          all.filter((v) => v.collectionId === c.collections[0]!.id),
          time,
          'asc',
        ),
      ],
    ]
    for (const [name, body, expected] of cases) {
      const { ids, pages } = await walk(name, body)
      expect(ids, `${name} ${JSON.stringify(body)}`).toEqual(expected)
      expect(new Set(ids).size).toBe(ids.length)
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / 10)))
    }
    expect(all.length).toBeGreaterThan(30)
  })

  it('answers cards with their tags and details with the item itself', async () => {
    const c = await insertTestCatalogue(t.db)
    await login()
    const answer = await t.client.call('media/tag/details', { id: c.tags[1]!.id })
    const data = answer.body.data as Page<VideoCard> & { tag: { id: number; name: string; videoCount: number } }
    expect(data.tag).toEqual({
      id: c.tags[1]!.id,
      name: '美食',
      videoCount: c.videos.filter((v) => v.tagIds.includes(c.tags[1]!.id)).length,
    })
    const card = data.items[0]!
    const source = c.videos.find((v) => v.id === card.id)!
    expect(card.tags.map((tag) => tag.id)).toEqual(source.tagIds.toSorted((a, b) => a - b))
    expect(card.publishedAt).toBe(time(source) / 1000)
    expect(card).toMatchObject({
      playCount: source.playCount,
      likeCount: source.likeCount,
      contentType: source.contentType,
    })

    const topic = (await t.client.call('media/topic/details', { id: c.topics[1]!.id })).body.data
    expect(topic).toMatchObject({ topic: { name: '精选短片', description: '短而精' } })
    const actor = (await t.client.call('media/actor/details', { id: c.actors[0]!.id })).body.data
    expect(actor).toMatchObject({ actor: { name: '林小雨' } })
    const collection = (await t.client.call('media/collect/details', { id: c.collections[0]!.id })).body.data
    expect(collection).toMatchObject({
      collection: {
        name: '合集1',
        description: '第1个合集',
        videoCount: c.videos.filter((v) => v.collectionId).length,
      },
    })
  })

  it('media/home: the topics marked for home in their order, each with its newest videos', async () => {
    const c = await insertTestCatalogue(t.db)
    await login()
    const answer = await t.client.call('media/home', {})
    const { sections } = answer.body.data as HomeResult
    expect(sections.map((s) => [s.topic.name, s.style, s.videos.length])).toEqual([
      ['精选短片', 2, 5],
      ['热门推荐', 1, 6],
    ])
    const inTopic = c.videos.filter((v) => v.topicIds.includes(c.topics[1]!.id))
    expect(sections[0]!.videos.map((v) => v.id)).toEqual(sortedIds(inTopic, time).slice(0, 5))
  })

  it('media/home is kept per process for HOME_CACHE_MS, then read again', async () => {
    await insertTestCatalogue(t.db)
    await login()
    const sectionNames = async () =>
      ((await t.client.call('media/home', {})).body.data as HomeResult).sections.map((s) => s.topic.name)
    expect(await sectionNames()).toEqual(['精选短片', '热门推荐'])
    await t.db.update(topics).set({ onHome: false }).where(eq(topics.name, '精选短片'))
    t.clock.advance(HOME_CACHE_MS - 1)
    expect(await sectionNames()).toEqual(['精选短片', '热门推荐'])
    t.clock.advance(1)
    expect(await sectionNames()).toEqual(['热门推荐'])
  })

  it('media/collect/home pages collections newest first', async () => {
    const c = await insertTestCatalogue(t.db, { videos: 3, collections: 13 })
    await login()
    const first = (await t.client.call('media/collect/home', {})).body.data as Page<{ id: number; videoCount: number }>
    expect(first.items).toHaveLength(10)
    const second = (await t.client.call('media/collect/home', { cursor: first.nextCursor })).body.data as Page<{
      id: number
    }>
    expect(second.nextCursor).toBeNull()
    expect([...first.items, ...second.items].map((x) => x.id)).toEqual(
      c.collections.map((x) => x.id).sort((a, b) => b - a),
    )
    expect(first.items.find((x) => x.id === c.collections[0]!.id)).toBeUndefined()
  })

  it('media/collect/details says whether the caller owns the collection and their balance', async () => {
    const collectionId = await insertCollection(t.db, 300)
    await insertVideos(t.db, [{ collectionId }, { collectionId }])
    const wallet = createWalletService({ db: t.db, now: t.clock.now })
    const details = async () => {
      const answer = await t.client.call('media/collect/details', { id: collectionId })
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
      return (answer.body.data as CollectionPage).access
    }
    const buyer = await loginGuest(t.client, 'device-collect-buyer')
    await wallet.credit(buyer, 1000, 'test')
    expect(await details()).toEqual({ owned: false, balance: 1000 })
    expect((await t.client.call('media/collect/pay', { id: collectionId })).body.code).toBe(200)
    expect(await details()).toEqual({ owned: true, balance: 700 })
    // Another user's purchase is not theirs.
    await loginGuest(t.client, 'device-collect-other')
    expect(await details()).toEqual({ owned: false, balance: 0 })
  })

  it('content/info answers a video to anyone, 7004 for an unknown id', async () => {
    const c = await insertTestCatalogue(t.db)
    const source = c.videos[5]!
    const answer = await t.client.call('content/info', { id: source.id }, { token: '' })
    expect(answer.body.code).toBe(200)
    const detail = answer.body.data as VideoDetail
    expect(detail).toMatchObject({
      id: source.id,
      title: source.title,
      description: '第5个视频',
      collection: { id: c.collections[0]!.id, name: '合集1' },
    })
    expect(detail.topics.map((x) => x.id)).toEqual(source.topicIds)
    expect(detail.actors.map((x) => x.id)).toEqual(source.actorIds)
    expect((await t.client.call('content/info', { id: 999999 })).body).toMatchObject({ code: 7004, data: null })
  })

  it('answers 1000 to secured calls without a session', async () => {
    await insertTestCatalogue(t.db, { videos: 3 })
    for (const name of [
      'media/home',
      'media/recommend',
      'media/published',
      'media/collect/home',
      'media/hotSearchs/list',
    ]) {
      expect((await t.client.call(name, {})).body.code, name).toBe(1000)
    }
  })

  it('answers 4000 naming the field for a bad id, a bad sort or a tampered cursor', async () => {
    const c = await insertTestCatalogue(t.db)
    await login()
    const page = (await t.client.call('media/published', {})).body.data as Page<VideoCard>
    const tampered = `${page.nextCursor!.slice(0, -2)}zz`
    const foreign = encodeCursor('plays', { key: 1, id: 1 })
    const bad: [string, unknown, string][] = [
      ['media/published', { cursor: 'not a cursor!' }, 'cursor'],
      ['media/published', { cursor: tampered }, 'cursor'],
      ['media/published', { cursor: foreign }, 'cursor'],
      ['media/published', { cursor: Buffer.from('["latest",-1,5]').toString('base64url') }, 'cursor'],
      ['media/published', { cursor: 'x'.repeat(300) }, 'cursor'],
      ['media/tag/details', { id: 'abc' }, 'id'],
      ['media/tag/details', { id: -1 }, 'id'],
      ['media/topic/details', { id: c.topics[0]!.id, sort: 'random' }, 'sort'],
      ['media/collect/details', {}, 'id'],
      ['content/info', { id: 0 }, 'id'],
    ]
    for (const [name, body, field] of bad) {
      const answer = (await t.client.call(name, body)).body as Answer
      expect(answer.code, `${name} ${JSON.stringify(body)}`).toBe(4000)
      expect(answer.msg).toMatch(new RegExp(`^${field}: `))
    }
    for (const name of ['media/tag/details', 'media/topic/details', 'media/actor/details', 'media/collect/details']) {
      expect((await t.client.call(name, { id: 424242 })).body.code, name).toBe(7004)
    }
  })
})
