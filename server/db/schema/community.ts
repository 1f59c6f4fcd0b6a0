import { sql, type SQL } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, real, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { counter, searchGrams, timestamptz, timestampMs } from '../columns.ts'
import { users } from './accounts.ts'
import { videos } from './catalogue.ts'
import { uploads } from './uploads.ts'

/**
 * A post's video from upload/video: the probed upload while a job transcodes it (processing),
 * then the hidden `videos` row (content type PostVideo) whose stream it plays, or the error
 * after the job's last try. Made by the upload's last chunk, attached to one post by publish.
 */
export const postVideos = pgTable(
  'post_videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** The finished upload (its assembled file); null once the upload row is collected. */
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** The assembled source under DATA_DIR, relative; null once transcoded or collected. */
    sourcePath: text('source_path'),
    /** Seconds, from ffprobe at upload. */
    duration: real('duration').notNull(),
    /** PostVideoState. */
    state: text('state').notNull().default('processing'),
    /** The last failure's message (for operators), '' when none. */
    error: text('error').notNull().default(''),
    /** The transcoded video (hidden from the catalogue); null until ready. */
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    readyAt: timestamptz('ready_at'),
  },
  (t) => [
    index('post_videos_owner_created_idx').on(t.ownerId, t.createdAt),
    // The key endpoint finds a post video's post through it.
    uniqueIndex('post_videos_video_key').on(t.videoId),
    check('post_videos_state_check', sql`${t.state} in ('processing', 'ready', 'failed')`),
  ],
)

/** A post. Categories are the ids of config `communityCategory`. */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id').notNull(),
    content: text('content').notNull(),
    /** Diamonds in cents; 0 when free. */
    price: integer('price').notNull().default(0),
    /** PostState. */
    state: text('state').notNull(),
    rejectReason: text('reject_reason').notNull().default(''),
    videoId: integer('post_video_id').references(() => postVideos.id),
    likeCount: counter('like_count'),
    commentCount: counter('comment_count'),
    /** The keyset sort of `hot`: likes and comments, kept with the counts. */
    hotScore: counter('hot_score'),
    createdAt: timestampMs('created_at').notNull(),
    /** When it became visible to everyone (approved, or at once with MODERATION=post). */
    publishedAt: timestampMs('published_at'),
    /** post/list's keyword search over the text. */
    searchGrams: searchGrams((): SQL => sql`search_grams(content)`),
  },
  (t) => [
    index('posts_search_grams_idx').using('gin', t.searchGrams),
    uniqueIndex('posts_post_video_key').on(t.videoId),
    index('posts_published_idx')
      .on(t.publishedAt, t.id)
      .where(sql`${t.state} = 'published'`),
    index('posts_category_published_idx')
      .on(t.categoryId, t.publishedAt, t.id)
      .where(sql`${t.state} = 'published'`),
    index('posts_hot_idx')
      .on(t.hotScore, t.id)
      .where(sql`${t.state} = 'published'`),
    index('posts_author_created_idx').on(t.authorId, t.createdAt, t.id),
    index('posts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
    check('posts_state_check', sql`${t.state} in ('pending', 'published', 'rejected', 'removed')`),
    check('posts_price_check', sql`${t.price} >= 0`),
  ],
)

/** A post's images in order (upload/img keys of its author). */
export const postImages = pgTable(
  'post_images',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageKey: text('image_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] })],
)

export const postLikes = pgTable(
  'post_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('post_likes_post_created_idx').on(t.postId, t.createdAt),
  ],
)

/** Comments; a reply's parent is a top-level comment of the same post (one level). */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    /** The user a reply answers when it answers a reply; null otherwise. */
    replyToUserId: integer('reply_to_user_id').references(() => users.id),
    content: text('content').notNull(),
    likeCount: counter('like_count'),
    /** Removed by an operator: kept for the record, shown to nobody. */
    removed: boolean('removed').notNull().default(false),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    index('comments_post_top_idx')
      .on(t.postId, t.createdAt, t.id)
      .where(sql`${t.parentId} is null`),
    index('comments_parent_idx').on(t.parentId, t.createdAt, t.id),
  ],
)

export const commentLikes = pgTable(
  'comment_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.commentId] })],
)

/** Who follows whom. */
export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.creatorId] }),
    index('follows_creator_created_idx').on(t.creatorId, t.createdAt),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
    check('follows_not_self_check', sql`${t.followerId} <> ${t.creatorId}`),
  ],
)

/**
 * An unlocked post: one row per user and post, so a second charge cannot insert. `authorShare`
 * is what the author was credited (CREATOR_SHARE of the price at the time), for the audit.
 */
export const postPurchases = pgTable(
  'post_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id),
    price: integer('price').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    authorShare: integer('author_share').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('post_purchases_user_post_key').on(t.userId, t.postId),
    index('post_purchases_author_created_idx').on(t.authorId, t.createdAt),
    check(
      'post_purchases_amounts_check',
      sql`${t.price} > 0 and ${t.authorShare} >= 0 and ${t.authorShare} <= ${t.price}`,
    ),
  ],
)

/** A report of a post, comment or user, for the operators' reports:list. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    /** ReportTarget. */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** Set when an operator dealt with it (removed the content or dismissed it). */
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_key').on(t.reporterId, t.targetType, t.targetId),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    check('reports_target_type_check', sql`${t.targetType} in ('post', 'comment', 'user')`),
  ],
)

/** A blocker no longer sees the blocked user's posts and comments. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
)
