import * as v from 'valibot'
import { CursorSchema, IdSchema, IntSchema, PlainTextSchema } from './fields.ts'

/**
 * The catalogue's shapes. Image fields hold an image key: the picture is at
 * `imageUrl(config, key)` (domain.ts), under the config's IMAGE domain, so a CDN can take over
 * the images without the catalogue changing.
 */

/** Lists are pages of 10, fetched with an opaque keyset cursor, never an offset. */
export const PAGE_SIZE = 10
export const MAX_KEYWORD_LENGTH = 50

/** What opens a content item: 1 long video, 2 short video, 3 collection. */
export const ContentType = { LongVideo: 1, ShortVideo: 2, Collection: 3 } as const
export type ContentType = (typeof ContentType)[keyof typeof ContentType]
/**
 * `videos.content_type` of a community post's video: hidden from every catalogue list and
 * search, it plays on its post (SPEC's content type 4 is the post detail).
 */
export const POST_VIDEO_CONTENT_TYPE = 4

/** Which membership an item needs: 0 none, else the tier (1 normal, 2 supreme, 3 dark). */
export const VipRequirement = { None: 0, Normal: 1, Supreme: 2, Dark: 3 } as const
export type VipRequirement = (typeof VipRequirement)[keyof typeof VipRequirement]

export const NamedRefSchema = v.object({ id: IntSchema, name: v.string() })
export type NamedRef = v.InferOutput<typeof NamedRefSchema>

export const VideoCardSchema = v.object({
  id: IntSchema,
  contentType: v.picklist([ContentType.LongVideo, ContentType.ShortVideo, ContentType.Collection]),
  title: v.string(),
  /** Image key of the cover. */
  cover: v.string(),
  coverWidth: v.number(),
  coverHeight: v.number(),
  /** Seconds. */
  duration: v.number(),
  playCount: IntSchema,
  likeCount: IntSchema,
  /** Diamonds in cents of the display unit; 0 when not sold. */
  price: IntSchema,
  vip: v.picklist([VipRequirement.None, VipRequirement.Normal, VipRequirement.Supreme, VipRequirement.Dark]),
  tags: v.array(NamedRefSchema),
  /** Unix seconds. */
  publishedAt: IntSchema,
})
export type VideoCard = v.InferOutput<typeof VideoCardSchema>

/** A video's full record: what the detail and play pages show. */
export const VideoDetailSchema = v.object({
  ...VideoCardSchema.entries,
  description: v.string(),
  topics: v.array(NamedRefSchema),
  actors: v.array(NamedRefSchema),
  collection: v.nullable(NamedRefSchema),
})
export type VideoDetail = v.InferOutput<typeof VideoDetailSchema>

/** A page of a list: `nextCursor` goes back as `cursor` for the next page; null on the last page. */
export const pageOf = <Item extends v.GenericSchema>(item: Item) =>
  v.object({ items: v.array(item), nextCursor: v.nullable(v.string()) })
export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

export const TagSchema = v.object({ ...NamedRefSchema.entries, videoCount: IntSchema })
export type Tag = v.InferOutput<typeof TagSchema>

export const TopicSchema = v.object({
  ...NamedRefSchema.entries,
  description: v.string(),
  /** Image key. */
  cover: v.string(),
  videoCount: IntSchema,
})
export type Topic = v.InferOutput<typeof TopicSchema>

export const ActorSchema = v.object({
  ...NamedRefSchema.entries,
  /** Image key. */
  avatar: v.string(),
  videoCount: IntSchema,
})
export type Actor = v.InferOutput<typeof ActorSchema>

export const CollectionCardSchema = v.object({
  ...NamedRefSchema.entries,
  /** Image key. */
  cover: v.string(),
  coverWidth: v.number(),
  coverHeight: v.number(),
  videoCount: IntSchema,
  /** Diamonds for the whole collection; 0 when free. */
  price: IntSchema,
})
export type CollectionCard = v.InferOutput<typeof CollectionCardSchema>

export const CollectionSchema = v.object({ ...CollectionCardSchema.entries, description: v.string() })
export type Collection = v.InferOutput<typeof CollectionSchema>

/** media/home: the sections of home, each a topic with its first videos and a way to see more. */
export const HomeResultSchema = v.object({
  sections: v.array(
    v.object({
      topic: NamedRefSchema,
      /** 1: two-column grid of covers; 2: one large cover then a grid. */
      style: v.picklist([1, 2]),
      videos: v.array(VideoCardSchema),
    }),
  ),
})
export type HomeResult = v.InferOutput<typeof HomeResultSchema>
export type HomeSection = HomeResult['sections'][number]

export const ListSort = { Latest: 'latest', Hot: 'hot' } as const
export type ListSort = (typeof ListSort)[keyof typeof ListSort]

/** media/recommend, media/short/recommend, media/published, media/collect/home, search/hot. */
export const PageRequestSchema = v.object({ cursor: CursorSchema })

/** media/tag/details, media/topic/details, media/actor/details. */
export const DetailsPageRequestSchema = v.object({
  id: IdSchema,
  cursor: CursorSchema,
  sort: v.optional(v.picklist([ListSort.Latest, ListSort.Hot]), ListSort.Latest),
})

export const CollectionPageRequestSchema = v.object({ id: IdSchema, cursor: CursorSchema })

/** A request naming one item. */
export const IdRequestSchema = v.object({ id: IdSchema })

/** search/details: the first page (no cursor) counts the search. */
export const SearchRequestSchema = v.object({
  keyword: v.pipe(
    PlainTextSchema,
    v.trim(),
    v.minLength(1, 'keyword is required'),
    v.maxLength(MAX_KEYWORD_LENGTH, `keyword is longer than ${MAX_KEYWORD_LENGTH} characters`),
  ),
  cursor: CursorSchema,
})

export const VideoPageSchema = pageOf(VideoCardSchema)
export const TagPageSchema = v.object({ ...VideoPageSchema.entries, tag: TagSchema })
export const TopicPageSchema = v.object({ ...VideoPageSchema.entries, topic: TopicSchema })
export const ActorPageSchema = v.object({ ...VideoPageSchema.entries, actor: ActorSchema })
export type TagPage = v.InferOutput<typeof TagPageSchema>
export type TopicPage = v.InferOutput<typeof TopicPageSchema>
export type ActorPage = v.InferOutput<typeof ActorPageSchema>

/** The calling user's unlock state of a collection, sent with each page of media/collect/details. */
export const CollectionAccessSchema = v.object({
  /** The user bought the collection: every episode plays. */
  owned: v.boolean(),
  /** Diamonds; the unlock sheet shows it beside the price. */
  balance: IntSchema,
})
export type CollectionAccess = v.InferOutput<typeof CollectionAccessSchema>
export const CollectionPageSchema = v.object({
  ...VideoPageSchema.entries,
  collection: CollectionSchema,
  access: CollectionAccessSchema,
})
export type CollectionPage = v.InferOutput<typeof CollectionPageSchema>

/** media/hotSearchs/list: the most searched keywords, most first (at most 10). */
export const HotKeywordsResultSchema = v.object({
  items: v.array(v.object({ keyword: v.string(), /** Searches counted. */ count: IntSchema })),
})
export type HotKeywordsResult = v.InferOutput<typeof HotKeywordsResultSchema>
