import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { commentLikes, comments, postPurchases } from '../../db/schema/community.ts'
import type { Position } from '../catalogue/cursor.ts'

/** A comment as threads are built from it, seen by one viewer (liked). */
export interface CommentRow {
  id: number
  postId: number
  parentId: number | null
  authorId: number
  nickname: string
  avatar: string
  content: string
  replyToId: number | null
  replyToNickname: string | null
  liked: boolean
  likeCount: number
  createdMs: number
  /** Replies only: how many visible replies its thread has. */
  total: number
}

interface RawRows {
  rows: Record<string, unknown>[]
}

/**
 * The columns of a comment as `viewerId` sees it, over `comments c`, its author `u` and the user
 * a reply answers `r`. Raw SQL (replies need a window), so int8 and timestamps are cast here and
 * names are written by hand: server/db/README.md.
 */
const commentColumns = (viewerId: number) => sql`
  c.id, c.post_id, c.parent_id, c.author_id, u.nickname, u.avatar, c.content,
  r.id as reply_to_id, r.nickname as reply_to_nickname,
  exists (select 1 from comment_likes l where l.user_id = ${viewerId} and l.comment_id = c.id) as liked,
  c.like_count::float8 as like_count,
  (extract(epoch from c.created_at) * 1000)::float8 as created_ms`

/** Shown to the viewer: not removed, and not by someone they blocked. */
const shownTo = (viewerId: number) => sql`not c.removed
  and not exists (select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = c.author_id)`

function toRow(raw: Record<string, unknown>): CommentRow {
  return {
    id: Number(raw.id),
    postId: Number(raw.post_id),
    parentId: raw.parent_id === null ? null : Number(raw.parent_id),
    authorId: Number(raw.author_id),
    nickname: String(raw.nickname),
    avatar: String(raw.avatar),
    content: String(raw.content),
    replyToId: raw.reply_to_id === null ? null : Number(raw.reply_to_id),
    replyToNickname: raw.reply_to_nickname === null ? null : String(raw.reply_to_nickname),
    liked: raw.liked === true,
    likeCount: Number(raw.like_count),
    createdMs: Number(raw.created_ms),
    total: raw.total === undefined ? 0 : Number(raw.total),
  }
}

async function rowsOf(db: Db, query: SQL): Promise<CommentRow[]> {
  const result = (await db.execute(query)) as unknown as RawRows
  return result.rows.map(toRow)
}

/** A post's top-level comments, newest first, after `after`. */
export function listTopLevel(db: Db, viewerId: number, postId: number, after: Position | null, limit: number) {
  const page = after
    ? sql`and (c.created_at, c.id) < (${new Date(after.key).toISOString()}::timestamptz, ${after.id}::int)`
    : sql``
  return rowsOf(
    db,
    sql`select ${commentColumns(viewerId)}
      from comments c join users u on u.id = c.author_id left join users r on r.id = c.reply_to_user_id
      where c.post_id = ${postId} and c.parent_id is null and ${shownTo(viewerId)} ${page}
      order by c.created_at desc, c.id desc
      limit ${limit}`,
  )
}

/** The first `cap` visible replies of each thread, oldest first, each with its thread's count. */
export function listReplies(db: Db, viewerId: number, parentIds: number[], cap: number) {
  if (parentIds.length === 0) return Promise.resolve([])
  const ids = sql.join(
    parentIds.map((id) => sql`${id}::int`),
    sql`, `,
  )
  return rowsOf(
    db,
    sql`select * from (
        select ${commentColumns(viewerId)},
          row_number() over (partition by c.parent_id order by c.created_at, c.id) as n,
          (count(*) over (partition by c.parent_id))::int as total
        from comments c join users u on u.id = c.author_id left join users r on r.id = c.reply_to_user_id
        where c.parent_id in (${ids}) and ${shownTo(viewerId)}
      ) thread
      where thread.n <= ${cap}
      order by thread.parent_id, thread.n`,
  )
}

/** A thread's visible replies oldest first, after `after`. */
export function listThreadReplies(db: Db, viewerId: number, parentId: number, after: Position | null, limit: number) {
  const page = after
    ? sql`and (c.created_at, c.id) > (${new Date(after.key).toISOString()}::timestamptz, ${after.id}::int)`
    : sql``
  return rowsOf(
    db,
    sql`select ${commentColumns(viewerId)}
      from comments c join users u on u.id = c.author_id left join users r on r.id = c.reply_to_user_id
      where c.parent_id = ${parentId} and ${shownTo(viewerId)} ${page}
      order by c.created_at, c.id
      limit ${limit}`,
  )
}

/** Whether `commentId` is a top-level comment of `postId` that the viewer is shown. */
export async function isShownThread(db: Db, viewerId: number, postId: number, commentId: number): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 from comments c
      where c.id = ${commentId} and c.post_id = ${postId} and c.parent_id is null and ${shownTo(viewerId)}`,
  )) as unknown as RawRows
  return result.rows.length > 0
}

export async function findComment(db: Db, commentId: number) {
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      authorId: comments.authorId,
      content: comments.content,
      removed: comments.removed,
    })
    .from(comments)
    .where(eq(comments.id, commentId))
  return row ?? null
}

export async function hasBought(db: Db, userId: number, postId: number): Promise<boolean> {
  const rows = await db
    .select({ id: postPurchases.id })
    .from(postPurchases)
    .where(and(eq(postPurchases.userId, userId), eq(postPurchases.postId, postId)))
  return rows.length > 0
}

export async function insertComment(
  db: Db,
  comment: {
    postId: number
    authorId: number
    parentId: number | null
    replyToUserId: number | null
    content: string
    createdAt: Date
  },
): Promise<number> {
  const [row] = await db.insert(comments).values(comment).returning({ id: comments.id })
  return row!.id
}

export async function findUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, bannedUntil: users.bannedUntil })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? null
}

/** Sets or clears a like; the count moves only when the row did. `created`: this call made the like row. */
export async function setLike(
  db: Db,
  userId: number,
  commentId: number,
  like: boolean,
  at: Date,
): Promise<{ likeCount: number; created: boolean }> {
  const changed = like
    ? await db
        .insert(commentLikes)
        .values({ userId, commentId, createdAt: at })
        .onConflictDoNothing()
        .returning({ commentId: commentLikes.commentId })
    : await db
        .delete(commentLikes)
        .where(and(eq(commentLikes.userId, userId), eq(commentLikes.commentId, commentId)))
        .returning({ commentId: commentLikes.commentId })
  const step = changed.length === 0 ? 0 : like ? 1 : -1
  const [row] = await db
    .update(comments)
    .set({ likeCount: sql`greatest(${comments.likeCount} + ${step}, 0)` })
    .where(eq(comments.id, commentId))
    .returning({ likeCount: comments.likeCount })
  return { likeCount: row!.likeCount, created: like && changed.length > 0 }
}
