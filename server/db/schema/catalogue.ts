import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core'
import { counter, timestampMs } from '../columns.ts'

export const tags = pgTable('tags', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
})

export const topics = pgTable(
  'topics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Image key. */
    cover: text('cover').notNull().default(''),
    /** Smaller first, then id: the order of home's sections and of topic lists. */
    sort: integer('sort').notNull().default(0),
    /** Shown as a section of media/home. */
    onHome: boolean('on_home').notNull().default(false),
    /** HomeSection.style: 1 grid, 2 one large cover then a grid. */
    homeStyle: smallint('home_style').notNull().default(1),
  },
  (t) => [
    index('topics_on_home_sort_idx').on(t.onHome, t.sort, t.id),
    check('topics_home_style_check', sql`${t.homeStyle} in (1, 2)`),
  ],
)

export const actors = pgTable('actors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** Image key. */
  avatar: text('avatar').notNull().default(''),
})

export const collections = pgTable(
  'collections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Image key. */
    cover: text('cover').notNull().default(''),
    coverWidth: integer('cover_width').notNull().default(0),
    coverHeight: integer('cover_height').notNull().default(0),
    /** Diamonds in cents for the whole collection; 0 when free. */
    price: integer('price').notNull().default(0),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [check('collections_price_check', sql`${t.price} >= 0`)],
)

export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** ContentType: 1 long, 2 short. */
    contentType: smallint('content_type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Image key. */
    cover: text('cover').notNull().default(''),
    coverWidth: integer('cover_width').notNull().default(0),
    coverHeight: integer('cover_height').notNull().default(0),
    /** Seconds. */
    duration: integer('duration').notNull().default(0),
    playCount: counter('play_count'),
    likeCount: counter('like_count'),
    /** Diamonds in cents; 0 when not sold. */
    price: integer('price').notNull().default(0),
    /** VipRequirement 0–3. */
    vip: smallint('vip').notNull().default(0),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    publishedAt: timestampMs('published_at').notNull(),
    /**
     * search_grams of the title, tag names and actor names, kept by triggers of migration
     * 0011_search (a generated column cannot read other tables): search/details.
     */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    index('videos_search_grams_idx').using('gin', t.searchGrams),
    // search/details ranks a title equal to the keyword first (search_fold: migration 0013_search_fold).
    index('videos_title_fold_idx').on(sql`search_fold(${t.title})`),
    // One index per keyset order (key, id), so each page is an index range scan.
    index('videos_published_idx').on(t.publishedAt, t.id),
    index('videos_play_count_idx').on(t.playCount, t.id),
    index('videos_type_like_count_idx').on(t.contentType, t.likeCount, t.id),
    index('videos_collection_published_idx').on(t.collectionId, t.publishedAt, t.id),
    check('videos_content_type_check', sql`${t.contentType} in (1, 2, 4)`),
    check('videos_vip_check', sql`${t.vip} between 0 and 3`),
    check('videos_price_check', sql`${t.price} >= 0`),
    check('videos_counts_check', sql`${t.playCount} >= 0 and ${t.likeCount} >= 0 and ${t.duration} >= 0`),
  ],
)

const videoRef = () =>
  integer('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' })

export const videoTags = pgTable(
  'video_tags',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    videoId: videoRef(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.videoId] }), index('video_tags_video_id_idx').on(t.videoId)],
)

export const videoTopics = pgTable(
  'video_topics',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    videoId: videoRef(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.videoId] }), index('video_topics_video_id_idx').on(t.videoId)],
)

export const videoActors = pgTable(
  'video_actors',
  {
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    videoId: videoRef(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.videoId] }), index('video_actors_video_id_idx').on(t.videoId)],
)
