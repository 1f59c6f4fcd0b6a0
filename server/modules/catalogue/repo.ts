import { and, asc, count, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm'
import { POST_VIDEO_CONTENT_TYPE } from '../../../core/contracts/media.ts'
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
import { videoStreams } from '../../db/schema/streams.ts'
import type { Position } from './cursor.ts'

export const cardColumns = {
  id: videos.id,
  contentType: videos.contentType,
  title: videos.title,
  cover: videos.cover,
  coverWidth: videos.coverWidth,
  coverHeight: videos.coverHeight,
  duration: videos.duration,
  playCount: videos.playCount,
  likeCount: videos.likeCount,
  price: videos.price,
  vip: videos.vip,
  publishedAt: videos.publishedAt,
}

export interface CardRow {
  id: number
  contentType: number
  title: string
  cover: string
  coverWidth: number
  coverHeight: number
  duration: number
  playCount: number
  likeCount: number
  price: number
  vip: number
  publishedAt: Date
}

/**
 * A keyset order over videos: the sort column, then id in the same direction, so rows that tie
 * on the column still have one place in the order. Each is served by an index on (column, id).
 */
export interface VideoOrder {
  /** Written into the cursor; a cursor of another order is refused. */
  name: string
  column: typeof videos.publishedAt | typeof videos.playCount | typeof videos.likeCount
  direction: 'asc' | 'desc'
  keyOf(row: CardRow): number
}

export const VideoOrders = {
  latest: { name: 'latest', column: videos.publishedAt, direction: 'desc', keyOf: (r) => r.publishedAt.getTime() },
  plays: { name: 'plays', column: videos.playCount, direction: 'desc', keyOf: (r) => r.playCount },
  likes: { name: 'likes', column: videos.likeCount, direction: 'desc', keyOf: (r) => r.likeCount },
  /** A collection's episodes, first published first. */
  episodes: { name: 'episodes', column: videos.publishedAt, direction: 'asc', keyOf: (r) => r.publishedAt.getTime() },
} as const satisfies Record<string, VideoOrder>

function keyParam(order: VideoOrder, key: number): SQL {
  return order.column === videos.publishedAt ? sql`${new Date(key).toISOString()}::timestamptz` : sql`${key}::bigint`
}

/** Rows strictly after `position` in `order`, as one row comparison the (column, id) index serves. */
function afterPosition(order: VideoOrder, position: Position): SQL {
  const key = keyParam(order, position.key)
  return order.direction === 'desc'
    ? sql`(${order.column}, ${videos.id}) < (${key}, ${position.id}::int)`
    : sql`(${order.column}, ${videos.id}) > (${key}, ${position.id}::int)`
}

/**
 * Every catalogue list leaves out community post videos: they play on their post, never in a
 * list, a search, a feed or home (server/modules/community/README.md, "Post videos").
 */
export const inCatalogue = () => ne(videos.contentType, POST_VIDEO_CONTENT_TYPE)

/** Up to `limit` cards matching `where` after `after` in `order`, post videos left out. */
export async function listVideos(
  db: Db,
  options: { where?: SQL | undefined; order: VideoOrder; after: Position | null; limit: number },
): Promise<CardRow[]> {
  const { order } = options
  const by = order.direction === 'desc' ? desc : asc
  const conditions = [inCatalogue(), options.where, options.after ? afterPosition(order, options.after) : undefined]
  return db
    .select(cardColumns)
    .from(videos)
    .where(and(...conditions))
    .orderBy(by(order.column), by(videos.id))
    .limit(options.limit)
}

export const hasTag = (tagId: number) =>
  sql`exists (select 1 from ${videoTags} where ${videoTags.tagId} = ${tagId} and ${videoTags.videoId} = ${videos.id})`
export const hasTopic = (topicId: number) =>
  sql`exists (select 1 from ${videoTopics} where ${videoTopics.topicId} = ${topicId} and ${videoTopics.videoId} = ${videos.id})`
export const hasActor = (actorId: number) =>
  sql`exists (select 1 from ${videoActors} where ${videoActors.actorId} = ${actorId} and ${videoActors.videoId} = ${videos.id})`
export const inCollection = (collectionId: number) => eq(videos.collectionId, collectionId)
export const ofType = (contentType: number) => eq(videos.contentType, contentType)
/** Videos with a stream to play. */
export const playable = () => sql`exists (select 1 from ${videoStreams} where ${videoStreams.videoId} = ${videos.id})`

/** The tags of each video, in tag order. */
export async function tagsOf(db: Db, videoIds: number[]) {
  if (videoIds.length === 0) return []
  return db
    .select({ videoId: videoTags.videoId, id: tags.id, name: tags.name })
    .from(videoTags)
    .innerJoin(tags, eq(tags.id, videoTags.tagId))
    .where(inArray(videoTags.videoId, videoIds))
    .orderBy(asc(tags.id))
}

/** A catalogue video (content/info, media/play); a post video is not one. */
export async function findVideo(db: Db, id: number) {
  const rows = await db
    .select({ ...cardColumns, description: videos.description, collectionId: videos.collectionId })
    .from(videos)
    .where(and(eq(videos.id, id), inCatalogue()))
    .limit(1)
  return rows[0] ?? null
}

export async function topicsOf(db: Db, videoId: number) {
  return db
    .select({ id: topics.id, name: topics.name })
    .from(videoTopics)
    .innerJoin(topics, eq(topics.id, videoTopics.topicId))
    .where(eq(videoTopics.videoId, videoId))
    .orderBy(asc(topics.sort), asc(topics.id))
}

export async function actorsOf(db: Db, videoId: number) {
  return db
    .select({ id: actors.id, name: actors.name })
    .from(videoActors)
    .innerJoin(actors, eq(actors.id, videoActors.actorId))
    .where(eq(videoActors.videoId, videoId))
    .orderBy(asc(actors.id))
}

/** Videos matching `where`. */
async function countVideos(db: Db, where: SQL): Promise<number> {
  const rows = await db.select({ n: count() }).from(videos).where(and(where, inCatalogue()))
  return rows[0]?.n ?? 0
}

// Counts are separate queries: drizzle writes a single-table select's fields without table
// names, so a correlated subquery among the fields would compare the wrong columns.
export async function findTag(db: Db, id: number) {
  const [row] = await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.id, id))
  return row ? { ...row, videoCount: await countVideos(db, hasTag(id)) } : null
}

export async function findTopic(db: Db, id: number) {
  const [row] = await db
    .select({ id: topics.id, name: topics.name, description: topics.description, cover: topics.cover })
    .from(topics)
    .where(eq(topics.id, id))
  return row ? { ...row, videoCount: await countVideos(db, hasTopic(id)) } : null
}

export async function findActor(db: Db, id: number) {
  const [row] = await db
    .select({ id: actors.id, name: actors.name, avatar: actors.avatar })
    .from(actors)
    .where(eq(actors.id, id))
  return row ? { ...row, videoCount: await countVideos(db, hasActor(id)) } : null
}

/** Home's sections: topics marked for home, in their sort order. */
export async function homeTopics(db: Db) {
  return db
    .select({ id: topics.id, name: topics.name, homeStyle: topics.homeStyle })
    .from(topics)
    .where(eq(topics.onHome, true))
    .orderBy(asc(topics.sort), asc(topics.id))
}

const collectionColumns = {
  id: collections.id,
  name: collections.name,
  cover: collections.cover,
  coverWidth: collections.coverWidth,
  coverHeight: collections.coverHeight,
  price: collections.price,
}

/** Each collection's number of videos (0 for those without any). */
async function withVideoCounts<T extends { id: number }>(db: Db, rows: T[]): Promise<(T & { videoCount: number })[]> {
  if (rows.length === 0) return []
  const counts = await db
    .select({ id: videos.collectionId, n: count() })
    .from(videos)
    .where(
      inArray(
        videos.collectionId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(videos.collectionId)
  const byId = new Map(counts.map((c) => [c.id, c.n]))
  return rows.map((row) => ({ ...row, videoCount: byId.get(row.id) ?? 0 }))
}

/** Collections, newest (highest id) first, after the collection `afterId`. */
export async function listCollections(db: Db, afterId: number | null, limit: number) {
  const rows = await db
    .select(collectionColumns)
    .from(collections)
    .where(afterId === null ? undefined : lt(collections.id, afterId))
    .orderBy(desc(collections.id))
    .limit(limit)
  return withVideoCounts(db, rows)
}

export async function findCollection(db: Db, id: number) {
  const rows = await db
    .select({ ...collectionColumns, description: collections.description })
    .from(collections)
    .where(eq(collections.id, id))
  const [row] = await withVideoCounts(db, rows)
  return row ?? null
}

export async function collectionName(db: Db, id: number) {
  const rows = await db
    .select({ id: collections.id, name: collections.name })
    .from(collections)
    .where(eq(collections.id, id))
  return rows[0] ?? null
}
