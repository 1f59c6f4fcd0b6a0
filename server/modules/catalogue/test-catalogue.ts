import type { Db } from '../../db/client.ts'
import {
  actors,
  collections,
  tags,
  topics,
  videoActors,
  videos,
  videoTags,
  videoTopics,
} from '../../db/schema/catalogue.ts'

export interface FixtureVideo {
  id: number
  contentType: 1 | 2
  title: string
  playCount: number
  likeCount: number
  publishedAt: Date
  tagIds: number[]
  topicIds: number[]
  actorIds: number[]
  collectionId: number | null
}

/**
 * A small catalogue for tests, made to tie: published times repeat in threes, play and like
 * counts in fours, so a keyset that ordered by the key alone would skip or repeat rows.
 */
export async function insertTestCatalogue(db: Db, options: { videos?: number; collections?: number } = {}) {
  const videoCount = options.videos ?? 33
  const tagRows = await db
    .insert(tags)
    .values([{ name: '风景' }, { name: '美食' }, { name: '旅行' }])
    .returning()
  const topicRows = await db
    .insert(topics)
    .values([
      { name: '热门推荐', description: '大家都在看', sort: 2, onHome: true, homeStyle: 1 },
      { name: '精选短片', description: '短而精', sort: 1, onHome: true, homeStyle: 2 },
      { name: '冷门', description: '不在首页', sort: 0, onHome: false },
    ])
    .returning()
  const actorRows = await db
    .insert(actors)
    .values([{ name: '林小雨' }, { name: '陈大海' }])
    .returning()
  const collectionRows = await db
    .insert(collections)
    .values(
      Array.from({ length: options.collections ?? 2 }, (_, i) => ({
        name: `合集${i + 1}`,
        description: `第${i + 1}个合集`,
        price: i * 100,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      })),
    )
    .returning()
  const base = Date.UTC(2025, 5, 1)
  const rows = await db
    .insert(videos)
    .values(
      Array.from({ length: videoCount }, (_, i) => ({
        contentType: (i % 3 === 2 ? 2 : 1) as 1 | 2,
        title: i === 0 ? '夏日海边的旅行' : i === 1 ? '100%_纯\\享' : `视频${i}`,
        description: `第${i}个视频`,
        duration: 60 + i,
        playCount: Math.floor(i / 4) * 10,
        likeCount: (i % 4) * 5,
        publishedAt: new Date(base + Math.floor(i / 3) * 3600_000),
        collectionId: i % 5 === 0 ? collectionRows[0]!.id : null,
      })),
    )
    .returning()
  const fixture: FixtureVideo[] = rows.map((row, i) => ({
    id: row.id,
    contentType: row.contentType as 1 | 2,
    title: row.title,
    playCount: row.playCount,
    likeCount: row.likeCount,
    publishedAt: row.publishedAt,
    tagIds: [tagRows[i % 3]!.id, ...(i % 2 === 0 ? [tagRows[(i + 1) % 3]!.id] : [])],
    topicIds: i % 2 === 0 ? [topicRows[0]!.id] : [topicRows[1]!.id],
    actorIds: i % 4 === 0 ? [actorRows[0]!.id] : [actorRows[1]!.id],
    collectionId: row.collectionId,
  }))
  await db.insert(videoTags).values(fixture.flatMap((v) => v.tagIds.map((tagId) => ({ tagId, videoId: v.id }))))
  await db.insert(videoTopics).values(fixture.flatMap((v) => v.topicIds.map((topicId) => ({ topicId, videoId: v.id }))))
  await db.insert(videoActors).values(fixture.flatMap((v) => v.actorIds.map((actorId) => ({ actorId, videoId: v.id }))))
  return { tags: tagRows, topics: topicRows, actors: actorRows, collections: collectionRows, videos: fixture }
}

/** Expected order: key descending (or ascending), then id the same way. */
export function sortedIds(list: FixtureVideo[], key: (v: FixtureVideo) => number, direction: 'asc' | 'desc' = 'desc') {
  const sign = direction === 'desc' ? -1 : 1
  return [...list].sort((a, b) => sign * (key(a) - key(b)) || sign * (a.id - b.id)).map((v) => v.id)
}
