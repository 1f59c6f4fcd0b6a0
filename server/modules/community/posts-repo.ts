import { and, asc, count, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { PostState } from '../../../core/contracts/community-rules.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { videos } from '../../db/schema/catalogue.ts'
import {
  follows,
  postImages,
  postLikes,
  postPurchases,
  postVideos,
  posts,
  userBlocks,
} from '../../db/schema/community.ts'
import { images } from '../../db/schema/images.ts'
import type { Position } from '../catalogue/cursor.ts'

/**
 * What a like and a comment add to a post's hot score (the `hot` sort), which moves in the same
 * statement as the count it follows.
 */
export const HotWeight = { like: 1, comment: 2 } as const

/** A post as cards are built from it, seen by one viewer (liked, bought). */
export interface CardRow {
  id: number
  authorId: number
  nickname: string
  avatar: string
  categoryId: number
  content: string
  price: number
  state: string
  rejectReason: string
  likeCount: number
  commentCount: number
  hotScore: number
  createdAt: Date
  publishedAt: Date | null
  liked: boolean
  bought: boolean
  imageCount: number
  videoState: string | null
  /** Seconds from the upload's probe. */
  probedDuration: number | null
  /** The transcoded video, once ready. */
  videoId: number | null
  cover: string | null
  coverWidth: number | null
  coverHeight: number | null
  videoDuration: number | null
}

const cardColumns = (viewerId: number) => ({
  id: posts.id,
  authorId: posts.authorId,
  nickname: users.nickname,
  avatar: users.avatar,
  categoryId: posts.categoryId,
  content: posts.content,
  price: posts.price,
  state: posts.state,
  rejectReason: posts.rejectReason,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  hotScore: posts.hotScore,
  createdAt: posts.createdAt,
  publishedAt: posts.publishedAt,
  liked: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.userId} = ${viewerId} and ${postLikes.postId} = ${posts.id})`,
  bought: sql<boolean>`exists (select 1 from ${postPurchases} where ${postPurchases.userId} = ${viewerId} and ${postPurchases.postId} = ${posts.id})`,
  imageCount: sql<number>`(select count(*)::int from ${postImages} where ${postImages.postId} = ${posts.id})`,
  videoState: postVideos.state,
  probedDuration: postVideos.duration,
  videoId: postVideos.videoId,
  cover: videos.cover,
  coverWidth: videos.coverWidth,
  coverHeight: videos.coverHeight,
  videoDuration: videos.duration,
})

/**
 * A keyset order over posts: the sort column, then id, both descending; each is served by one
 * of the posts' partial indexes (published) or the author index (the author's own list).
 */
export interface PostOrder {
  /** Written into the cursor; a cursor of another order is refused. */
  name: string
  column: typeof posts.publishedAt | typeof posts.hotScore | typeof posts.createdAt
  keyOf(row: CardRow): number
}

export const PostOrders = {
  latest: { name: 'posts-latest', column: posts.publishedAt, keyOf: (row) => row.publishedAt?.getTime() ?? 0 },
  hot: { name: 'posts-hot', column: posts.hotScore, keyOf: (row) => row.hotScore },
  mine: { name: 'posts-mine', column: posts.createdAt, keyOf: (row) => row.createdAt.getTime() },
} as const satisfies Record<string, PostOrder>

function afterPosition(order: PostOrder, position: Position): SQL {
  const key =
    order.column === posts.hotScore
      ? sql`${position.key}::bigint`
      : sql`${new Date(position.key).toISOString()}::timestamptz`
  return sql`(${order.column}, ${posts.id}) < (${key}, ${position.id}::int)`
}

/** Posts the viewer may see in lists: published, and not by someone they blocked. */
export const publishedFor = (viewerId: number) =>
  and(eq(posts.state, PostState.Published), notBlockedBy(viewerId, posts.authorId))

/** The author of a row is not someone the viewer blocked. */
export const notBlockedBy = (viewerId: number, authorColumn: SQL | typeof posts.authorId) =>
  sql`not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${authorColumn})`

export const byFollowedOf = (viewerId: number) =>
  sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.creatorId} = ${posts.authorId})`

/** Up to `limit` cards matching `where` after `after` in `order`, as `viewerId` sees them. */
export async function listCards(
  db: Db,
  viewerId: number,
  options: { where: SQL | undefined; order: PostOrder; after: Position | null; limit: number },
): Promise<CardRow[]> {
  const { order } = options
  return db
    .select(cardColumns(viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(postVideos, eq(postVideos.id, posts.videoId))
    .leftJoin(videos, eq(videos.id, postVideos.videoId))
    .where(and(options.where, options.after ? afterPosition(order, options.after) : undefined))
    .orderBy(desc(order.column), desc(posts.id))
    .limit(options.limit)
}

export async function findCard(db: Db, viewerId: number, postId: number): Promise<CardRow | null> {
  const rows = await listCards(db, viewerId, {
    where: eq(posts.id, postId),
    order: PostOrders.latest,
    after: null,
    limit: 1,
  })
  return rows[0] ?? null
}

/** The images of these posts in order, with their sizes (0 when unknown). */
export async function imagesOf(db: Db, postIds: number[]) {
  if (postIds.length === 0) return []
  return db
    .select({
      postId: postImages.postId,
      key: postImages.imageKey,
      width: sql<number>`coalesce(${images.width}, 0)`,
      height: sql<number>`coalesce(${images.height}, 0)`,
    })
    .from(postImages)
    .leftJoin(images, eq(images.key, postImages.imageKey))
    .where(inArray(postImages.postId, postIds))
    .orderBy(asc(postImages.postId), asc(postImages.position))
}

/** What visibility and payment decide from: the post alone. */
export async function findPost(db: Db, postId: number) {
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId, state: posts.state, price: posts.price })
    .from(posts)
    .where(eq(posts.id, postId))
  return row ?? null
}

export async function hasBlocked(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
  return rows.length > 0
}

export async function isFollowing(db: Db, followerId: number, creatorId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)))
  return rows.length > 0
}

/**
 * The user, locked until the transaction ends: one publish of theirs at a time, so the daily cap
 * holds. `no key update`, like the balance updates: it leaves the key-share locks that rows
 * referring to the user take (a purchase's foreign keys) alone, so the two cannot deadlock.
 */
export async function lockUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, bannedUntil: users.bannedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update')
  return row ?? null
}

/**
 * Locks both users' rows in id order, so purchases crossing between two users cannot deadlock on
 * their balance updates (`no key update`, as lockUser).
 */
export async function lockUsers(db: Db, userIds: number[]) {
  await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
    .for('no key update')
}

export async function bannedUntil(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ bannedUntil: users.bannedUntil }).from(users).where(eq(users.id, userId))
  return row?.bannedUntil ?? null
}

export async function countPostsSince(db: Db, authorId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), gt(posts.createdAt, since)))
  return row?.n ?? 0
}

/** The images among `keys` this user uploaded. */
export async function ownImageKeys(db: Db, userId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db
    .select({ key: images.key })
    .from(images)
    .where(and(inArray(images.key, keys), eq(images.uploadedBy, userId)))
  return new Set(rows.map((row) => row.key))
}

/** The upload's post video, locked until the transaction ends, with whether a post uses it. */
export async function findPostVideoForUpdate(db: Db, postVideoId: number) {
  const [row] = await db
    .select({ id: postVideos.id, ownerId: postVideos.ownerId, state: postVideos.state })
    .from(postVideos)
    .where(eq(postVideos.id, postVideoId))
    .for('update')
  if (!row) return null
  const used = await db.select({ id: posts.id }).from(posts).where(eq(posts.videoId, postVideoId)).limit(1)
  return { ...row, used: used.length > 0 }
}

export async function insertPost(
  db: Db,
  post: {
    authorId: number
    categoryId: number
    content: string
    price: number
    state: PostState
    videoId: number | null
    createdAt: Date
    publishedAt: Date | null
  },
  imageKeys: string[],
): Promise<number> {
  const [row] = await db.insert(posts).values(post).returning({ id: posts.id })
  const id = row!.id
  if (imageKeys.length > 0) {
    await db.insert(postImages).values(imageKeys.map((imageKey, position) => ({ postId: id, position, imageKey })))
  }
  return id
}

/** Sets or clears a like; the counts move only when the row did. Answers the like count. */
export async function setLike(db: Db, userId: number, postId: number, like: boolean, at: Date): Promise<number> {
  const changed = like
    ? await db
        .insert(postLikes)
        .values({ userId, postId, createdAt: at })
        .onConflictDoNothing()
        .returning({ postId: postLikes.postId })
    : await db
        .delete(postLikes)
        .where(and(eq(postLikes.userId, userId), eq(postLikes.postId, postId)))
        .returning({ postId: postLikes.postId })
  const step = changed.length === 0 ? 0 : like ? 1 : -1
  const [row] = await db
    .update(posts)
    .set({
      likeCount: sql`greatest(${posts.likeCount} + ${step}, 0)`,
      hotScore: sql`greatest(${posts.hotScore} + ${step * HotWeight.like}, 0)`,
    })
    .where(eq(posts.id, postId))
    .returning({ likeCount: posts.likeCount })
  return row!.likeCount
}

/** True when this call created the purchase; false when the user already had it. */
export async function insertPurchase(
  db: Db,
  purchase: { userId: number; postId: number; price: number; authorId: number; authorShare: number; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(postPurchases)
    .values(purchase)
    .onConflictDoNothing({ target: [postPurchases.userId, postPurchases.postId] })
    .returning({ id: postPurchases.id })
  return rows.length > 0
}

/** Moves a post's comment count (and its hot score with it) by `step` comments. */
export async function moveCommentCount(db: Db, postId: number, step: number) {
  await db
    .update(posts)
    .set({
      commentCount: sql`greatest(${posts.commentCount} + ${step}, 0)`,
      hotScore: sql`greatest(${posts.hotScore} + ${step * HotWeight.comment}, 0)`,
    })
    .where(eq(posts.id, postId))
}

/** The viewer's own posts in every state but removed. */
export const ownedBy = (authorId: number) => and(eq(posts.authorId, authorId), ne(posts.state, PostState.Removed))
