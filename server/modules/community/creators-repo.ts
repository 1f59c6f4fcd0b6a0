import { and, asc, desc, eq, gt, gte, inArray, notExists, or, sql, type SQL } from 'drizzle-orm'
import { PostState } from '../../../core/contracts/community-rules.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { follows, postLikes, posts } from '../../db/schema/community.ts'
import { walletLedger } from '../../db/schema/wallet.ts'
import type { Position } from '../catalogue/cursor.ts'
import { contains, gramsHold } from '../search/repo.ts'
import { RefType } from '../wallet/repo.ts'
import { PostLedgerReason } from './ledger.ts'

export interface CardRow {
  id: number
  nickname: string
  avatar: string
  intro: string
  followers: number
  posts: number
  followed: boolean
}

/**
 * Correlated subqueries name their tables by hand (server/db/README.md): drizzle leaves columns
 * unqualified when a query reads one table, and an unqualified `id` inside a subquery over
 * `posts` would be the post's. The outer query always reads `users` under its own name.
 */
const USER_ID = sql.raw('"users"."id"')

/**
 * A creator card's columns for `viewerId`, counted per row over the (creator, created) and
 * (author, created) indexes: lists show at most 50 creators.
 */
function cardColumns(viewerId: number) {
  return {
    id: users.id,
    nickname: users.nickname,
    avatar: users.avatar,
    intro: users.intro,
    followers: sql`(select count(*) from follows f where f.creator_id = ${USER_ID})`.mapWith(Number),
    posts: sql`(select count(*) from posts p
      where p.author_id = ${USER_ID} and p.state = ${PostState.Published})`.mapWith(Number),
    followed: sql<boolean>`exists (select 1 from follows f
      where f.follower_id = ${viewerId} and f.creator_id = ${USER_ID})`,
  }
}

/** `creator` is not someone `viewerId` blocked: blocked users are left out of every list for the blocker. */
function notBlockedBy(viewerId: number, creator: SQL): SQL {
  return notExists(sql`(select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = ${creator})`)
}

/** A creator's page for `viewerId`, or undefined for an unknown user. */
export async function findCreator(db: Db, viewerId: number, creatorId: number) {
  const [row] = await db
    .select({
      ...cardColumns(viewerId),
      following: sql`(select count(*) from follows f where f.follower_id = ${USER_ID})`.mapWith(Number),
      likes: sql`(select coalesce(sum(p.like_count), 0) from posts p
        where p.author_id = ${USER_ID} and p.state = ${PostState.Published})`.mapWith(Number),
      blocked: sql<boolean>`exists (select 1 from user_blocks b
        where b.blocker_id = ${viewerId} and b.blocked_id = ${USER_ID})`,
    })
    .from(users)
    .where(eq(users.id, creatorId))
  return row
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)
  return rows.length > 0
}

export async function insertFollow(db: Db, followerId: number, creatorId: number, at: Date) {
  await db.insert(follows).values({ followerId, creatorId, createdAt: at }).onConflictDoNothing()
}

export async function deleteFollow(db: Db, followerId: number, creatorId: number) {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)))
}

export async function followerCount(db: Db, creatorId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql`count(*)`.mapWith(Number) })
    .from(follows)
    .where(eq(follows.creatorId, creatorId))
  return row?.n ?? 0
}

/** The creators `viewerId` follows, latest follow first, after `after` (followed at, creator id). */
export async function listFollowed(db: Db, viewerId: number, after: Position | null, limit: number) {
  const position = after
    ? sql`(${follows.createdAt}, ${follows.creatorId}) < (${new Date(after.key).toISOString()}::timestamptz, ${after.id}::int)`
    : undefined
  return db
    .select({ ...cardColumns(viewerId), followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.creatorId))
    .where(and(eq(follows.followerId, viewerId), notBlockedBy(viewerId, sql.raw('"follows"."creator_id"')), position))
    .orderBy(desc(follows.createdAt), desc(follows.creatorId))
    .limit(limit)
}

/**
 * Creators: registered users, and guests who have published a post. Their nickname contains
 * `keyword` (normalizeKeyword's, matched as search matches it; found through users_search_grams_idx);
 * by id, after `afterId`.
 */
export async function searchCreators(db: Db, viewerId: number, keyword: string, afterId: number | null, limit: number) {
  const isCreator = or(
    eq(users.isGuest, false),
    sql`exists (select 1 from posts p where p.author_id = ${USER_ID} and p.state = ${PostState.Published})`,
  )
  return db
    .select(cardColumns(viewerId))
    .from(users)
    .where(
      and(
        gramsHold(users.searchGrams, keyword),
        contains(users.nickname, keyword),
        isCreator,
        notBlockedBy(viewerId, USER_ID),
        afterId === null ? undefined : gt(users.id, afterId),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit)
}

export interface Score {
  id: number
  value: number
}

/** New followers per creator since `since` (all time when null), most first, ties by id. */
export async function topByFollowers(db: Db, viewerId: number, since: Date | null, limit: number): Promise<Score[]> {
  const value = sql`count(*)`.mapWith(Number)
  return db
    .select({ id: follows.creatorId, value })
    .from(follows)
    .where(
      and(since ? gte(follows.createdAt, since) : undefined, notBlockedBy(viewerId, sql.raw('"follows"."creator_id"'))),
    )
    .groupBy(follows.creatorId)
    .orderBy(desc(sql`count(*)`), asc(follows.creatorId))
    .limit(limit)
}

/** Likes given since `since` to each creator's published posts, most first, ties by id. */
export async function topByLikes(db: Db, viewerId: number, since: Date | null, limit: number): Promise<Score[]> {
  const value = sql`count(*)`.mapWith(Number)
  return db
    .select({ id: posts.authorId, value })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .where(
      and(
        eq(posts.state, PostState.Published),
        since ? gte(postLikes.createdAt, since) : undefined,
        notBlockedBy(viewerId, sql.raw('"posts"."author_id"')),
      ),
    )
    .groupBy(posts.authorId)
    .orderBy(desc(sql`count(*)`), asc(posts.authorId))
    .limit(limit)
}

/** Diamonds (cents) credited since `since` to each creator for their bought posts, most first, ties by id. */
export async function topByIncome(db: Db, viewerId: number, since: Date | null, limit: number): Promise<Score[]> {
  const total = sql`sum(${walletLedger.amount})`
  return db
    .select({ id: walletLedger.userId, value: total.mapWith(Number) })
    .from(walletLedger)
    .where(
      and(
        eq(walletLedger.reason, PostLedgerReason.CreatorShare),
        eq(walletLedger.refType, RefType.Post),
        since ? gte(walletLedger.createdAt, since) : undefined,
        notBlockedBy(viewerId, sql.raw('"wallet_ledger"."user_id"')),
      ),
    )
    .groupBy(walletLedger.userId)
    .having(sql`${total} > 0`)
    .orderBy(desc(total), asc(walletLedger.userId))
    .limit(limit)
}

/** Cards of the given creators, in no particular order. */
export async function creatorCards(db: Db, viewerId: number, ids: number[]): Promise<CardRow[]> {
  if (ids.length === 0) return []
  return db.select(cardColumns(viewerId)).from(users).where(inArray(users.id, ids))
}
