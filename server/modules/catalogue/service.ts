import { and, type SQL } from 'drizzle-orm'
import {
  ContentType,
  ListSort,
  PAGE_SIZE,
  type ActorPage,
  type CollectionCard,
  type CollectionPage,
  type HomeResult,
  type NamedRef,
  type Page,
  type TagPage,
  type TopicPage,
  type VideoCard,
  type VideoDetail,
  type VipRequirement,
} from '../../../core/contracts/media.ts'
import { BUSINESS_MESSAGES, BusinessCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { balanceOf, ownsCollection } from '../wallet/repo.ts'
import { decodeCursor, encodeCursor } from './cursor.ts'
import * as repo from './repo.ts'
import { VideoOrders, type CardRow, type VideoOrder } from './repo.ts'
import { cached } from '../../cached.ts'

/** Videos per home section: a grid of 6, or one large cover and a grid of 4. */
const SECTION_SIZE = { 1: 6, 2: 5 } as const

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

function notFound(): AppError {
  return new AppError(BusinessCode.NotFound, BUSINESS_MESSAGES[BusinessCode.NotFound])
}

/** Cards for rows, each with its tags (one query for all of them). */
export async function toCards(db: Db, rows: CardRow[]): Promise<VideoCard[]> {
  const tagRows = await repo.tagsOf(
    db,
    rows.map((row) => row.id),
  )
  const tagsByVideo = new Map<number, NamedRef[]>()
  for (const { videoId, id, name } of tagRows) {
    const list = tagsByVideo.get(videoId) ?? []
    list.push({ id, name })
    tagsByVideo.set(videoId, list)
  }
  return rows.map((row) => ({
    id: row.id,
    contentType: row.contentType as ContentType,
    title: row.title,
    cover: row.cover,
    coverWidth: row.coverWidth,
    coverHeight: row.coverHeight,
    duration: row.duration,
    playCount: row.playCount,
    likeCount: row.likeCount,
    price: row.price,
    vip: row.vip as VipRequirement,
    tags: tagsByVideo.get(row.id) ?? [],
    publishedAt: toSeconds(row.publishedAt),
  }))
}

/**
 * One page of videos: PAGE_SIZE + 1 rows are read, so whether another page exists is known
 * without a count; the cursor names the last row shown.
 */
export async function videoPage(
  db: Db,
  options: { where?: SQL | undefined; order: VideoOrder; cursor: string | undefined },
): Promise<Page<VideoCard>> {
  const { order } = options
  const after = decodeCursor(order.name, options.cursor)
  const rows = await repo.listVideos(db, { where: options.where, order, after, limit: PAGE_SIZE + 1 })
  const shown = rows.slice(0, PAGE_SIZE)
  const last = shown.at(-1)
  return {
    items: await toCards(db, shown),
    nextCursor:
      rows.length > PAGE_SIZE && last ? encodeCursor(order.name, { key: order.keyOf(last), id: last.id }) : null,
  }
}

const sortOrder = (sort: ListSort) => (sort === ListSort.Hot ? VideoOrders.plays : VideoOrders.latest)

/**
 * Home's sections are the same for everyone and open every app start, so each process keeps
 * them this long (like ping/config); the database stays the only source.
 */
export const HOME_CACHE_MS = 10_000

export function createCatalogueService(deps: { db: Db; now: () => number }) {
  const { db } = deps

  async function loadHome(): Promise<HomeResult> {
    const topics = await repo.homeTopics(db)
    const perTopic = await Promise.all(
      topics.map((topic) => {
        const style = topic.homeStyle === 2 ? 2 : 1
        return repo.listVideos(db, {
          where: repo.hasTopic(topic.id),
          order: VideoOrders.latest,
          after: null,
          limit: SECTION_SIZE[style],
        })
      }),
    )
    const cards = await toCards(db, perTopic.flat())
    const byId = new Map(cards.map((card) => [card.id, card]))
    return {
      sections: topics.map((topic, i) => ({
        topic: { id: topic.id, name: topic.name },
        style: topic.homeStyle === 2 ? 2 : 1,
        videos: (perTopic[i] ?? []).map((row) => byId.get(row.id)!),
      })),
    }
  }

  async function tagDetails(input: { id: number; sort: ListSort; cursor?: string | undefined }): Promise<TagPage> {
    const tag = await repo.findTag(db, input.id)
    if (!tag) throw notFound()
    const page = await videoPage(db, { where: repo.hasTag(tag.id), order: sortOrder(input.sort), cursor: input.cursor })
    return { tag, ...page }
  }

  async function topicDetails(input: { id: number; sort: ListSort; cursor?: string | undefined }): Promise<TopicPage> {
    const topic = await repo.findTopic(db, input.id)
    if (!topic) throw notFound()
    const where = repo.hasTopic(topic.id)
    return { topic, ...(await videoPage(db, { where, order: sortOrder(input.sort), cursor: input.cursor })) }
  }

  async function actorDetails(input: { id: number; sort: ListSort; cursor?: string | undefined }): Promise<ActorPage> {
    const actor = await repo.findActor(db, input.id)
    if (!actor) throw notFound()
    const where = repo.hasActor(actor.id)
    return { actor, ...(await videoPage(db, { where, order: sortOrder(input.sort), cursor: input.cursor })) }
  }

  /** Collections newest first; the cursor names the last collection's id. */
  async function collectionsHome(input: { cursor?: string | undefined }): Promise<Page<CollectionCard>> {
    const after = decodeCursor('collections', input.cursor)
    const rows = await repo.listCollections(db, after?.id ?? null, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const last = shown.at(-1)
    return {
      items: shown,
      nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor('collections', { key: 0, id: last.id }) : null,
    }
  }

  /** A page of the collection's episodes, with whether `userId` owns it and their balance. */
  async function collectionDetails(
    input: { id: number; cursor?: string | undefined },
    userId: number,
  ): Promise<CollectionPage> {
    const collection = await repo.findCollection(db, input.id)
    if (!collection) throw notFound()
    const where = repo.inCollection(collection.id)
    const [page, owned, balance] = await Promise.all([
      videoPage(db, { where, order: VideoOrders.episodes, cursor: input.cursor }),
      ownsCollection(db, userId, collection.id),
      balanceOf(db, userId),
    ])
    return { collection, ...page, access: { owned, balance: balance ?? 0 } }
  }

  async function contentInfo(id: number): Promise<VideoDetail> {
    const row = await repo.findVideo(db, id)
    if (!row) throw notFound()
    const [card] = await toCards(db, [row])
    const [topics, actors, collection] = await Promise.all([
      repo.topicsOf(db, id),
      repo.actorsOf(db, id),
      row.collectionId === null ? null : repo.collectionName(db, row.collectionId),
    ])
    return { ...card!, description: row.description, topics, actors, collection }
  }

  return {
    home: cached(deps.now, HOME_CACHE_MS, loadHome),
    /** Long videos, most liked first. */
    recommend: (cursor?: string) =>
      videoPage(db, { where: repo.ofType(ContentType.LongVideo), order: VideoOrders.likes, cursor }),
    /**
     * Short videos with a stream (the /lld feed's metadata), most liked first: a swipe feed
     * offers only what plays; the catalogue's lists still show every video.
     */
    shortRecommend: (cursor?: string) =>
      videoPage(db, {
        where: and(repo.ofType(ContentType.ShortVideo), repo.playable()),
        order: VideoOrders.likes,
        cursor,
      }),
    /** Every video, newest first. */
    published: (cursor?: string) => videoPage(db, { order: VideoOrders.latest, cursor }),
    tagDetails,
    topicDetails,
    actorDetails,
    collectionsHome,
    collectionDetails,
    contentInfo,
  }
}

export type CatalogueService = ReturnType<typeof createCatalogueService>
