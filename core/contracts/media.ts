import { z } from 'zod'
import { IdSchema, PlainTextSchema } from './fields.ts'

/**
 * The catalogue's calls (server/modules/README.md). Image fields hold an image key: the picture is at
 * `imageUrl(config, key)` (domain.ts), under the config's IMAGE domain, so a CDN can take over
 * the images without the catalogue changing.
 */

/** Lists are pages of 10, fetched with an opaque keyset cursor, never an offset. */
export const PAGE_SIZE = 10
export const MAX_CURSOR_LENGTH = 256
export const MAX_KEYWORD_LENGTH = 50

/** What opens a content item (its content type): 1 long video, 2 short video, 3 collection. */
export const ContentType = { LongVideo: 1, ShortVideo: 2, Collection: 3 } as const
export type ContentType = (typeof ContentType)[keyof typeof ContentType]

/** Which membership an item needs: 0 none, 1 normal, 2 supreme, 3 dark. */
export const VipRequirement = { None: 0, Normal: 1, Supreme: 2, Dark: 3 } as const
export type VipRequirement = (typeof VipRequirement)[keyof typeof VipRequirement]

export interface NamedRef {
  id: number
  name: string
}

export interface VideoCard {
  id: number
  contentType: ContentType
  title: string
  /** Image key of the cover. */
  cover: string
  coverWidth: number
  coverHeight: number
  /** Seconds. */
  duration: number
  playCount: number
  likeCount: number
  /** Diamonds in cents of the display unit; 0 when not sold. */
  price: number
  vip: VipRequirement
  tags: NamedRef[]
  /** Unix seconds. */
  publishedAt: number
}

/** A video's full record: what the detail and play pages show. */
export interface VideoDetail extends VideoCard {
  description: string
  topics: NamedRef[]
  actors: NamedRef[]
  collection: NamedRef | null
}

export interface Page<T> {
  items: T[]
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
}

export interface Tag extends NamedRef {
  videoCount: number
}

export interface Topic extends NamedRef {
  description: string
  /** Image key. */
  cover: string
  videoCount: number
}

export interface Actor extends NamedRef {
  /** Image key. */
  avatar: string
  videoCount: number
}

export interface CollectionCard extends NamedRef {
  /** Image key. */
  cover: string
  coverWidth: number
  coverHeight: number
  videoCount: number
  /** Diamonds for the whole collection; 0 when free. */
  price: number
}

export interface Collection extends CollectionCard {
  description: string
}

/** media/home: the sections of home, each a topic with its first videos and a way to see more. */
export interface HomeSection {
  topic: NamedRef
  /** 1: two-column grid of covers; 2: one large cover then a grid. */
  style: 1 | 2
  videos: VideoCard[]
}
export interface HomeResult {
  sections: HomeSection[]
}

export interface HotKeyword {
  keyword: string
  /** Searches counted for this keyword. */
  count: number
}

export const ListSort = { Latest: 'latest', Hot: 'hot' } as const
export type ListSort = (typeof ListSort)[keyof typeof ListSort]

const cursor = z.string().max(MAX_CURSOR_LENGTH, 'cursor is too long').optional()
const id = IdSchema

/** media/recommend, media/short/recommend, media/published, media/collect/home, search/hot. */
export const PageRequestSchema = z.object({ cursor })
export type PageRequest = z.input<typeof PageRequestSchema>

/** media/tag/details, media/topic/details, media/actor/details → { tag | topic | actor, ...Page<VideoCard> }. */
export const DetailsPageRequestSchema = z.object({
  id,
  cursor,
  sort: z.enum([ListSort.Latest, ListSort.Hot]).default(ListSort.Latest),
})
export type DetailsPageRequest = z.input<typeof DetailsPageRequestSchema>

/** media/collect/details → { collection, access, ...Page<VideoCard> }. */
export const CollectionPageRequestSchema = z.object({ id, cursor })

/** content/info → VideoDetail. */
export const ContentInfoRequestSchema = z.object({ id })

/** search/details → Page<VideoCard>; the first page (no cursor) counts the search. */
export const SearchRequestSchema = z.object({
  keyword: PlainTextSchema.trim()
    .min(1, 'keyword is required')
    .max(MAX_KEYWORD_LENGTH, `keyword is longer than ${MAX_KEYWORD_LENGTH} characters`),
  cursor,
})
export type SearchRequest = z.input<typeof SearchRequestSchema>

export type TagPage = Page<VideoCard> & { tag: Tag }
export type TopicPage = Page<VideoCard> & { topic: Topic }
export type ActorPage = Page<VideoCard> & { actor: Actor }
/** The calling user's unlock state of a collection, sent with each page of media/collect/details. */
export interface CollectionAccess {
  /** The user bought the collection: every episode plays. */
  owned: boolean
  /** Diamonds; the unlock sheet shows it beside the price. */
  balance: number
}
export type CollectionPage = Page<VideoCard> & { collection: Collection; access: CollectionAccess }
/** hotSearchs/list: the most searched keywords, most first (at most 10). */
export interface HotKeywordsResult {
  items: HotKeyword[]
}

/** advertise/click. */
export const AdClickRequestSchema = z.object({ id })
