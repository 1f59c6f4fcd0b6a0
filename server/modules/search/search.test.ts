import { describe, expect, it } from 'vitest'
import type { HotKeywordsResult, Page, VideoCard } from '../../../core/contracts/media.ts'
import { searchCounts } from '../../db/schema/search.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { insertTestCatalogue, sortedIds } from '../catalogue/test-catalogue.ts'
import { containsPattern } from './repo.ts'
import { normalizeKeyword } from './service.ts'

describe.each(BACKENDS)('search (%s)', (backend) => {
  const t = useTestApp(backend)

  async function setUp() {
    const catalogue = await insertTestCatalogue(t.db)
    const answer = await t.client.call('login/guest', { devID: 'device-search-1', affCode: '' })
    t.client.token = (answer.body.data as { token: string }).token
    return catalogue
  }
  const search = async (keyword: string, cursor?: string) => {
    const answer = await t.client.call('search/details', cursor ? { keyword, cursor } : { keyword })
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data as Page<VideoCard>
  }
  const ids = (page: Page<VideoCard>) => page.items.map((item) => item.id)

  it('finds Chinese substrings of titles, tags and actors', async () => {
    const c = await setUp()
    expect(ids(await search('海边'))).toEqual([c.videos[0]!.id])
    expect(ids(await search('的旅'))).toEqual([c.videos[0]!.id])
    const food = c.tags[1]!
    expect(ids(await search('美食'))).toEqual(
      sortedIds(
        c.videos.filter((v) => v.tagIds.includes(food.id)),
        (v) => v.playCount,
      ).slice(0, 10),
    )
    const rain = c.videos.filter((v) => v.actorIds.includes(c.actors[0]!.id))
    expect(ids(await search('小雨'))).toEqual(sortedIds(rain, (v) => v.playCount).slice(0, 10))
    expect((await search('不存在的词')).items).toEqual([])
  })

  it('takes %, _ and \\ in a keyword literally', async () => {
    const c = await setUp()
    for (const keyword of ['%', '_', '\\', '0%_', '%_纯\\']) {
      expect(ids(await search(keyword)), keyword).toEqual([c.videos[1]!.id])
    }
  })

  it('pages search results with the cursor, each match once', async () => {
    const c = await setUp()
    const expected = sortedIds(
      c.videos.filter((v) => v.title.startsWith('视频')),
      (v) => v.playCount,
    )
    const seen: number[] = []
    let cursor: string | undefined
    do {
      const page = await search('视频', cursor)
      seen.push(...ids(page))
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(seen).toEqual(expected)
  })

  it('counts first pages of searches that find something; media/hotSearchs/list ranks them', async () => {
    await setUp()
    expect((await t.client.call('media/hotSearchs/list', {})).body.data).toEqual({ items: [] })
    await search('海边')
    await search(' 海边 ')
    const first = await search('视频')
    await search('视频', first.nextCursor!)
    await search('美食')
    await search('美食')
    await search('海边')
    await search('不存在的词')
    const hot = (await t.client.call('media/hotSearchs/list', {})).body.data as HotKeywordsResult
    expect(hot.items).toEqual([
      { keyword: '海边', count: 3 },
      { keyword: '美食', count: 2 },
      { keyword: '视频', count: 1 },
    ])
    const rows = await t.db.select().from(searchCounts)
    expect(rows.find((row) => row.keyword === '海边')?.updatedAt).toEqual(new Date(START_MS))
  })

  it('keeps at most 10 hot keywords, most searched first', async () => {
    await setUp()
    await t.db
      .insert(searchCounts)
      .values(
        Array.from({ length: 12 }, (_, i) => ({ keyword: `词${i}`, count: i + 1, updatedAt: new Date(START_MS) })),
      )
    const hot = (await t.client.call('media/hotSearchs/list', {})).body.data as HotKeywordsResult
    expect(hot.items.map((item) => item.count)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3])
  })

  it('answers 4000 naming keyword or cursor, and counts nothing', async () => {
    await setUp()
    for (const [body, field] of [
      [{ keyword: '' }, 'keyword'],
      [{ keyword: '   ' }, 'keyword'],
      [{}, 'keyword'],
      [{ keyword: '海'.repeat(51) }, 'keyword'],
      [{ keyword: '海边', cursor: 'garbage!' }, 'cursor'],
    ] as const) {
      const answer = await t.client.call('search/details', body)
      expect(answer.body.code, JSON.stringify(body)).toBe(4000)
      expect(answer.body.msg).toMatch(new RegExp(`^${field}: `))
    }
    expect(await t.db.select().from(searchCounts)).toEqual([])
    expect((await t.client.call('search/hot', { cursor: 'garbage!' })).body.code).toBe(4000)
  })
})

describe('keywords', () => {
  it.each([
    ['  夏日   Beach ', '夏日 beach'],
    ['ＡＢＣ', 'abc'],
  ])('normalizes %j to %j', (raw, normalized) => {
    expect(normalizeKeyword(raw)).toBe(normalized)
  })
  it.each([
    ['海边', '%海边%'],
    ['100%', '%100\\%%'],
    ['a_b\\c', '%a\\_b\\\\c%'],
  ])('makes %j the LIKE pattern %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern)
  })
})
