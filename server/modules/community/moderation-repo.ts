import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm'
import { PostState, type ReportTarget } from '../../../core/contracts/community-rules.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { comments, postImages, postVideos, posts, reports } from '../../db/schema/community.ts'

/** Pending posts, oldest first: the review queue. */
export async function pendingPosts(db: Db, limit: number) {
  return db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      nickname: users.nickname,
      categoryId: posts.categoryId,
      content: posts.content,
      price: posts.price,
      createdAt: posts.createdAt,
      imageCount: sql<number>`(select count(*)::int from ${postImages} where ${postImages.postId} = ${posts.id})`,
      videoState: postVideos.state,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(postVideos, eq(postVideos.id, posts.videoId))
    .where(eq(posts.state, PostState.Pending))
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(limit)
}

export async function countPending(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(eq(posts.state, PostState.Pending))
  return row?.n ?? 0
}

export async function postState(db: Db, postId: number): Promise<string | null> {
  const [row] = await db.select({ state: posts.state }).from(posts).where(eq(posts.id, postId))
  return row?.state ?? null
}

/** Moves a pending post on; null when it was not pending (nothing written), else its author and text. */
export async function decidePending(
  db: Db,
  postId: number,
  decision:
    | { state: typeof PostState.Published; publishedAt: Date }
    | { state: typeof PostState.Rejected; rejectReason: string },
): Promise<{ authorId: number; content: string } | null> {
  const [row] = await db
    .update(posts)
    .set(decision)
    .where(and(eq(posts.id, postId), eq(posts.state, PostState.Pending)))
    .returning({ authorId: posts.authorId, content: posts.content })
  return row ?? null
}

/** Null when there is no such post or it was removed already; else its author and text. */
export async function removePost(db: Db, postId: number): Promise<{ authorId: number; content: string } | null> {
  const [row] = await db
    .update(posts)
    .set({ state: PostState.Removed })
    .where(and(eq(posts.id, postId), ne(posts.state, PostState.Removed)))
    .returning({ authorId: posts.authorId, content: posts.content })
  return row ?? null
}

/**
 * Removes the comment; null when there is no such comment or it was removed already. `hidden` is
 * how many comments left the post's count with it: a top-level comment takes its thread (itself
 * and its replies not removed before), a reply itself, unless its thread had already gone.
 */
export async function removeComment(
  db: Db,
  commentId: number,
): Promise<{ postId: number; hidden: number; authorId: number; content: string } | null> {
  const [row] = await db
    .update(comments)
    .set({ removed: true })
    .where(and(eq(comments.id, commentId), eq(comments.removed, false)))
    .returning({
      postId: comments.postId,
      parentId: comments.parentId,
      authorId: comments.authorId,
      content: comments.content,
    })
  if (!row) return null
  const { parentId, ...removed } = row
  if (parentId !== null) {
    const [head] = await db.select({ removed: comments.removed }).from(comments).where(eq(comments.id, parentId))
    return { ...removed, hidden: head?.removed ? 0 : 1 }
  }
  const [replies] = await db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.parentId, commentId), eq(comments.removed, false)))
  return { ...removed, hidden: 1 + (replies?.n ?? 0) }
}

export async function commentExists(db: Db, commentId: number): Promise<boolean> {
  const rows = await db.select({ id: comments.id }).from(comments).where(eq(comments.id, commentId))
  return rows.length > 0
}

/** Marks every open report of the target dealt with; answers how many. */
export async function resolveReports(db: Db, targetType: ReportTarget, targetId: number, at: Date): Promise<number> {
  const rows = await db
    .update(reports)
    .set({ resolvedAt: at })
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), isNull(reports.resolvedAt)))
    .returning({ id: reports.id })
  return rows.length
}

/**
 * Open reports, oldest first, each with what the operator needs to judge it: the reported post's
 * or comment's text and author, or the reported user's nickname. Raw SQL for the three-way
 * target (server/db/README.md).
 */
export async function openReports(db: Db, limit: number) {
  const result = (await db.execute(sql`
    select r.id, r.reporter_id, r.target_type, r.target_id, r.reason,
      (extract(epoch from r.created_at) * 1000)::float8 as created_ms,
      coalesce(p.author_id, c.author_id, u.id) as owner_id,
      coalesce(pu.nickname, cu.nickname, u.nickname) as owner_nickname,
      coalesce(p.content, c.content, '') as content,
      coalesce(p.state, case when c.removed then 'removed' when c.id is not null then 'shown' end, '') as state,
      (select count(*)::int from reports same where same.target_type = r.target_type
        and same.target_id = r.target_id and same.resolved_at is null) as open_count
    from reports r
    left join posts p on r.target_type = 'post' and p.id = r.target_id
    left join users pu on pu.id = p.author_id
    left join comments c on r.target_type = 'comment' and c.id = r.target_id
    left join users cu on cu.id = c.author_id
    left join users u on r.target_type = 'user' and u.id = r.target_id
    where r.resolved_at is null
    order by r.created_at, r.id
    limit ${limit}`)) as unknown as { rows: Record<string, unknown>[] }
  return result.rows.map((row) => ({
    id: Number(row.id),
    reporterId: Number(row.reporter_id),
    targetType: String(row.target_type) as ReportTarget,
    targetId: Number(row.target_id),
    reason: String(row.reason),
    createdMs: Number(row.created_ms),
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    ownerNickname: row.owner_nickname === null ? '' : String(row.owner_nickname),
    content: String(row.content),
    state: String(row.state),
    openCount: Number(row.open_count),
  }))
}

export async function countOpenReports(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(isNull(reports.resolvedAt))
  return row?.n ?? 0
}

/** Null: no such user. */
export async function setBannedUntil(db: Db, userId: number, until: Date | null) {
  const rows = await db
    .update(users)
    .set({ bannedUntil: until })
    .where(eq(users.id, userId))
    .returning({ id: users.id })
  return rows.length > 0
}
