import { desc, eq, sql, type SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { HotKeywordsResult, Page, VideoCard } from '../../../core/contracts/media.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { actors, tags, videoActors, videos, videoTags } from '../../db/schema/catalogue.ts'
import { posts } from '../../db/schema/community.ts'
import { searchCounts } from '../../db/schema/search.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { insertTestCatalogue, sortedIds } from '../catalogue/test-catalogue.ts'
import { insertPost, insertUser } from '../community/testing.ts'
import { contains, gramsHold, matchesKeyword, titleIs } from './repo.ts'
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

  /** Videos with these titles and play counts (published at once), their ids in order. */
  async function addVideos(list: { title: string; plays?: number }[]) {
    const rows = await t.db
      .insert(videos)
      .values(
        list.map(({ title, plays }) => ({
          contentType: 1,
          title,
          playCount: plays ?? 0,
          publishedAt: new Date(START_MS),
        })),
      )
      .returning({ id: videos.id })
    return rows.map((row) => row.id)
  }
  async function signIn() {
    const answer = await t.client.call('login/guest', { devID: 'device-search-2', affCode: '' })
    t.client.token = (answer.body.data as { token: string }).token
  }

  it('matches only contiguous text: pairs found apart are rechecked away; one character; Latin with CJK', async () => {
    await signIn()
    const [apart, mixed, sea] = await addVideos([
      { title: '夏日日光', plays: 3 },
      { title: 'Summer 海边 Beach', plays: 2 },
      { title: '大海', plays: 1 },
    ])
    // 夏日 and 日光 are both pairs of 夏日日光, but 夏日光 is not in it.
    expect(ids(await search('夏日光'))).toEqual([])
    expect(ids(await search('日日光'))).toEqual([apart])
    expect(ids(await search('海'))).toEqual([mixed, sea])
    expect(ids(await search('日'))).toEqual([apart])
    expect(ids(await search('BEACH'))).toEqual([mixed])
    expect(ids(await search('r 海边 b'))).toEqual([mixed])
    expect(ids(await search('summer海'))).toEqual([])
    expect(ids(await search('m'))).toEqual([mixed])
  })

  it('ranks titles equal to the keyword first, then the most played, ties by id; pages across both runs', async () => {
    await signIn()
    const [exactFew, containsMost, exactMore, containsMostToo, other] = await addVideos([
      { title: '海边', plays: 1 },
      { title: '海边日落', plays: 100 },
      { title: '海边', plays: 5 },
      { title: '看海边', plays: 100 },
      { title: '山里', plays: 1000 },
    ])
    expect(ids(await search('海边'))).toEqual([exactMore, exactFew, containsMostToo, containsMost])
    expect(ids(await search('山里'))).toEqual([other])

    const exact = await addVideos(Array.from({ length: 12 }, (_, i) => ({ title: '日出', plays: i % 3 })))
    const rest = await addVideos(Array.from({ length: 12 }, (_, i) => ({ title: `日出${i}`, plays: i % 4 })))
    const byPlays = (list: number[], plays: (i: number) => number) =>
      list.map((id, i) => ({ id, plays: plays(i) })).sort((a, b) => b.plays - a.plays || b.id - a.id)
    const expected = [...byPlays(exact, (i) => i % 3), ...byPlays(rest, (i) => i % 4)].map((v) => v.id)
    const seen: number[] = []
    let cursor: string | undefined
    do {
      const page = await search('日出', cursor)
      seen.push(...ids(page))
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(seen).toEqual(expected)
  })

  it('keeps each video findable by its tags and actors as links and names change', async () => {
    await signIn()
    const [video] = await addVideos([{ title: '无题' }])
    const [tag] = await t.db.insert(tags).values({ name: '星空' }).returning()
    const [actor] = await t.db.insert(actors).values({ name: '周小舟' }).returning()
    expect(ids(await search('星空'))).toEqual([])
    await t.db.insert(videoTags).values({ tagId: tag!.id, videoId: video! })
    await t.db.insert(videoActors).values({ actorId: actor!.id, videoId: video! })
    expect(ids(await search('星空'))).toEqual([video])
    expect(ids(await search('小舟'))).toEqual([video])
    await t.db.update(tags).set({ name: '银河' }).where(eq(tags.id, tag!.id))
    await t.db.update(actors).set({ name: '周大舟' }).where(eq(actors.id, actor!.id))
    expect(ids(await search('星空'))).toEqual([])
    expect(ids(await search('银河'))).toEqual([video])
    expect(ids(await search('小舟'))).toEqual([])
    await t.db.delete(videoTags).where(eq(videoTags.videoId, video!))
    expect(ids(await search('银河'))).toEqual([])
    await t.db.update(videos).set({ title: '银河下' }).where(eq(videos.id, video!))
    expect(ids(await search('银河'))).toEqual([video])
    expect(ids(await search('大舟'))).toEqual([video])
  })

  it('finds videos, nicknames and posts through the GIN indexes of their search grams', async () => {
    await addVideos([{ title: '夏日海边的旅行' }])
    const query = (keyword: string) =>
      sql`select ${videos.id} from ${videos} where ${matchesKeyword(keyword)} order by ${desc(videos.playCount)}`
    for (const keyword of ['海', '海边', '海边的旅']) {
      expect(await plan(t.db, query(keyword)), keyword).toMatch(/Bitmap Index Scan on videos_search_grams_idx/)
    }
    for (const [table, column] of [
      [users, users.searchGrams],
      [posts, posts.searchGrams],
    ] as const) {
      const found = sql`select 1 from ${table} where ${gramsHold(column, '海边')}`
      expect(await plan(t.db, found)).toMatch(/Bitmap Index Scan on (users|posts)_search_grams_idx/)
    }
  })

  it('folds text as normalizeKeyword folds keywords: NFKC, then A–Z only to lowercase', async () => {
    const texts = [
      'ＡＢＣ１２３',
      'Été',
      'ÉTÉ',
      'H\u0331',
      '\u1e96',
      'ﬁ',
      '㍿',
      'Straße',
      'İstanbul',
      '\u212a',
      'Ω',
      '夏日 Beach',
    ]
    const folded: string[] = []
    for (const text of texts) {
      const result = (await t.db.execute(sql`select search_fold(${text}) as folded`)) as unknown as {
        rows: { folded: string }[]
      }
      folded.push(result.rows[0]!.folded)
    }
    expect(folded).toEqual(texts.map(normalizeKeyword))
    expect(texts.map(normalizeKeyword)).toEqual(texts.map((text) => normalizeKeyword(normalizeKeyword(text))))
  })

  it('finds fullwidth letters and digits by ASCII keywords and back; other letters by their own case only', async () => {
    await signIn()
    const [fullwidth, ascii, accented, plain, tagged] = await addVideos([
      { title: 'ＭＶ１２３ 海边', plays: 5 },
      { title: 'mv123 山里', plays: 4 },
      { title: 'Été à la plage', plays: 3 },
      { title: 'été', plays: 2 },
      { title: '无题', plays: 1 },
    ])
    const [tag] = await t.db.insert(tags).values({ name: 'ＶＬＯＧ日常' }).returning()
    const [actor] = await t.db.insert(actors).values({ name: 'Amy' }).returning()
    await t.db.insert(videoTags).values({ tagId: tag!.id, videoId: tagged! })
    await t.db.insert(videoActors).values({ actorId: actor!.id, videoId: tagged! })
    for (const keyword of ['mv123', 'MV123', 'ＭＶ１２３', 'ｍｖ１２３', 'Mv１23']) {
      expect(ids(await search(keyword)), keyword).toEqual([fullwidth, ascii])
    }
    expect(ids(await search('vlog'))).toEqual([tagged])
    expect(ids(await search('ＡＭＹ'))).toEqual([tagged])
    expect(ids(await search('Été'))).toEqual([accented])
    expect(ids(await search('été'))).toEqual([plain])
    expect(ids(await search('ÉTÉ'))).toEqual([])
    expect(ids(await search('É'))).toEqual([accented])

    const nicknames = []
    for (const nickname of ['ＫＡＴＥ猫', 'kate狗', 'Élodie']) nicknames.push(await insertUser(t.db, { nickname }))
    const written = []
    for (const content of ['Ｓｕｎｓｅｔ 海边', 'SUNSET 山里', 'élan']) {
      written.push(await insertPost(t.db, { authorId: nicknames[0]!, content }))
    }
    const findUsers = async (keyword: string) => {
      const k = normalizeKeyword(keyword)
      const rows = await t.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${gramsHold(users.searchGrams, k)} and ${contains(users.nickname, k)}`)
        .orderBy(users.id)
      return rows.map((row) => row.id)
    }
    const findPosts = async (keyword: string) => {
      const k = normalizeKeyword(keyword)
      const rows = await t.db
        .select({ id: posts.id })
        .from(posts)
        .where(sql`${gramsHold(posts.searchGrams, k)} and ${contains(posts.content, k)}`)
        .orderBy(posts.id)
      return rows.map((row) => row.id)
    }
    expect(await findUsers('kate')).toEqual([nicknames[0]!, nicknames[1]!])
    expect(await findUsers('ＫａＴＥ')).toEqual([nicknames[0]!, nicknames[1]!])
    expect(await findUsers('Élo')).toEqual([nicknames[2]!])
    expect(await findUsers('élo')).toEqual([])
    expect(await findPosts('sunset')).toEqual([written[0]!, written[1]!])
    expect(await findPosts('ＳＵＮ')).toEqual([written[0]!, written[1]!])
    expect(await findPosts('Élan')).toEqual([])
  })

  it('ranks titles equal to the keyword once folded first: fullwidth and any ASCII case', async () => {
    await signIn()
    const [wide, lower, longer, upper] = await addVideos([
      { title: 'ＡＢＣ', plays: 1 },
      { title: 'abc', plays: 2 },
      { title: 'ABC 合集', plays: 100 },
      { title: 'Abc', plays: 0 },
    ])
    expect(ids(await search('abc'))).toEqual([lower, wide, upper, longer])
    expect(ids(await search('ａｂｃ'))).toEqual([lower, wide, upper, longer])
    expect(await plan(t.db, sql`select ${videos.id} from ${videos} where ${titleIs('abc')}`)).toMatch(
      /Index Scan on videos_title_fold_idx|Index Scan using videos_title_fold_idx/,
    )
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

/** The plan of `query` with sequential scans off, so a table of a few rows still shows which index serves it. */
async function plan(db: Db, query: SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] }
    return result.rows.map((row) => row['QUERY PLAN']).join('\n')
  })
}

describe('keywords', () => {
  it.each([
    ['  夏日   Beach ', '夏日 beach'],
    ['ＡＢＣ', 'abc'],
    ['ＭＶ１２３\u3000Été', 'mv123 Été'],
    ['ÉTÉ', 'ÉtÉ'],
    ['H\u0331', '\u1e96'],
  ])('normalizes %j to %j', (raw, normalized) => {
    expect(normalizeKeyword(raw)).toBe(normalized)
  })
})
