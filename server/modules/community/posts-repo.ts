import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm'
import { PostState } from '../../../core/contracts/community-rules.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import {
  follows,
  postImages,
  postLikes,
  postPurchases,
  postVideos,
  posts,
  userBlocks,
} from '../../db/schema/community.ts'
import { preparedPerDb } from '../../db/prepared.ts'
import { batchPerTurn, rawPrepared } from '../../db/raw.ts'
import type { Position } from '../catalogue/cursor.ts'

/**
 * What a like and a comment add to a post's hot score (the `hot` sort), which moves in the same
 * statement as the count it follows.
 */
export const HotWeight = { like: 1, comment: 2 } as const

/** A post as cards are built from it, seen by one viewer (liked, bought; false for nobody's). */
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
  /** JSON text of [key, width, height] triples in order (0 for a size not known). */
  images: string
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

/**
 * The columns of a card over `posts p` as the viewer (`viewer`, an SQL expression) sees it: its like and purchase, the
 * images as JSON text of [key, width, height] in order (both drivers answer text alike, and no
 * second round trip fetches them), the video. Raw SQL run as prepared statements: lists and
 * details run it on every call, and building it with drizzle cost several times the query
 * (server/db/README.md); int8 and timestamps are cast for the drivers, names written by hand.
 */
const cardColumns = (viewer: string) => `
    p.id, p.author_id, u.nickname, u.avatar, p.category_id, p.content, p.price, p.state, p.reject_reason,
    p.like_count::float8, p.comment_count::float8, p.hot_score::float8,
    (extract(epoch from p.created_at) * 1000)::float8,
    (extract(epoch from p.published_at) * 1000)::float8,
    exists (select 1 from post_likes l where l.user_id = ${viewer} and l.post_id = p.id),
    exists (select 1 from post_purchases b where b.user_id = ${viewer} and b.post_id = p.id),
    (select coalesce(json_agg(json_build_array(pi.image_key, coalesce(i.width, 0), coalesce(i.height, 0))
        order by pi.position), '[]')::text
      from post_images pi left join images i on i.key = pi.image_key where pi.post_id = p.id),
    pv.state, pv.duration::float8, pv.video_id, v.cover, v.cover_width, v.cover_height, v.duration`

const CARD_JOINS = `
  join users u on u.id = p.author_id
  left join post_videos pv on pv.id = p.post_video_id
  left join videos v on v.id = pv.video_id`

/** The cursor's key as a timestamp: milliseconds added to the epoch stay exact. */
const msParam = (n: number) => `('epoch'::timestamptz + $${n}::float8 * interval '1 millisecond')`

/**
 * Pages of published posts for every post/list of one event-loop turn (batchPerTurn), one
 * request per element of the arrays: for the viewer (null: nobody's, a page any caller may
 * share once their own state is added: no likes, purchases, blocks), of a category and an author (null: any),
 * by followed creators only when `following`, never by someone the viewer blocked; with a
 * keyword, free posts whose text contains it (posts_search_grams_idx, rechecked: search/README.md); after
 * (after_key, after_id) (null: from the start), `lim` of them. Each page is chosen first (a
 * range of the published partial indexes), then only its rows are joined and given their
 * likes, purchase and images; rows come tagged with their request and place in its page.
 */
const publishedPages = (column: string, key: string) => `
  select r.n::int4, c.*
  from unnest($1::int4[], $2::int4[], $3::int4[], $4::bool[], $5::float8[], $6::int4[], $7::int4[], $8::text[])
    with ordinality as r(viewer, category, author, following, after_key, after_id, lim, keyword, n),
  lateral (
    select (row_number() over (order by ${column} desc, p.id desc))::int4, ${cardColumns('r.viewer')}
    from posts p ${CARD_JOINS}
    where p.id in (
      select p.id from posts p
      where p.state = 'published'
        and (r.category is null or p.category_id = r.category)
        and (r.author is null or p.author_id = r.author)
        and (not r.following
          or exists (select 1 from follows f where f.follower_id = r.viewer and f.creator_id = p.author_id))
        and not exists (select 1 from user_blocks b where b.blocker_id = r.viewer and b.blocked_id = p.author_id)
        and (r.keyword is null or (p.price = 0 and p.search_grams @> search_query_grams(r.keyword)
          and strpos(search_fold(p.content), r.keyword) > 0))
        and (r.after_key is null or (${column}, p.id) < (${key}, r.after_id))
      order by ${column} desc, p.id desc
      limit r.lim
    )
  ) c
  order by 1, 2`

/** The viewer's own posts (`$1`) in every state but removed, after ($2, $3), `$4` of them. */
const MINE_SQL = `
  with page as (
    select p.id from posts p
    where p.author_id = $1 and p.state <> 'removed'
      and ($2::float8 is null or (p.created_at, p.id) < (${msParam(2)}, $3::int4))
    order by p.created_at desc, p.id desc
    limit $4
  )
  select ${cardColumns('$1')} from posts p ${CARD_JOINS}
  where p.id in (select id from page)
  order by p.created_at desc, p.id desc`

const CARD_BY_ID_SQL = `select ${cardColumns('$1')} from posts p ${CARD_JOINS} where p.id = $2::int4`

/** The cursor's key of the `latest` order as a timestamp of the request row. */
const afterMs = `('epoch'::timestamptz + r.after_key * interval '1 millisecond')`

export interface PublishedFilter {
  categoryId?: number | undefined
  authorId?: number | undefined
  following: boolean
  /** Normalised (search's normalizeKeyword). */
  keyword?: string | undefined
}

interface PageRequest {
  viewerId: number | null
  filter: PublishedFilter
  after: Position | null
  limit: number
}

/** One batched statement per sort: its page requests of a turn in one round trip. */
function batchedPages(db: Db, name: string, text: string) {
  const query = rawPrepared(db, name, text)
  return batchPerTurn(async (requests: PageRequest[]) => {
    const rows = await query([
      requests.map((r) => r.viewerId),
      requests.map((r) => r.filter.categoryId ?? null),
      requests.map((r) => r.filter.authorId ?? null),
      requests.map((r) => r.filter.following),
      requests.map((r) => r.after?.key ?? null),
      requests.map((r) => r.after?.id ?? null),
      requests.map((r) => r.limit),
      requests.map((r) => r.filter.keyword ?? null),
    ])
    const pages: CardRow[][] = requests.map(() => [])
    for (const row of rows) pages[(row[0] as number) - 1]!.push(toCardRow(row.slice(2)))
    return pages
  })
}

/**
 * One viewer's own state over posts of a shared page, for every post/list of a turn: flattened
 * (request, viewer, post, author) rows, answered only where something is set — the viewer liked
 * or bought the post, blocked its author, or the post is no longer published.
 */
const VIEWER_STATES_SQL = `
  select * from (
    select q.n, q.post,
      exists (select 1 from post_likes l where l.user_id = q.viewer and l.post_id = q.post),
      exists (select 1 from post_purchases b where b.user_id = q.viewer and b.post_id = q.post),
      exists (select 1 from user_blocks k where k.blocker_id = q.viewer and k.blocked_id = q.author)
        or not exists (select 1 from posts p where p.id = q.post and p.state = 'published')
    from unnest($1::int4[], $2::int4[], $3::int4[], $4::int4[]) q(n, viewer, post, author)
  ) s(n, post, liked, bought, unfit)
  where s.liked or s.bought or s.unfit`

/** What one viewer adds to a shared page: their likes and purchases; `unfit` when it is not theirs to see. */
export interface ViewerState {
  liked: Set<number>
  bought: Set<number>
  /** They blocked an author of the page, or one of its posts stopped being published. */
  unfit: boolean
}

interface ViewerStateRequest {
  viewerId: number
  posts: readonly { id: number; authorId: number }[]
}

function batchedViewerStates(db: Db) {
  const query = rawPrepared(db, 'community-viewer-states', VIEWER_STATES_SQL)
  return batchPerTurn(async (requests: ViewerStateRequest[]) => {
    const n: number[] = []
    const viewers: number[] = []
    const postIds: number[] = []
    const authors: number[] = []
    requests.forEach((request, i) => {
      for (const post of request.posts) {
        n.push(i)
        viewers.push(request.viewerId)
        postIds.push(post.id)
        authors.push(post.authorId)
      }
    })
    const states: ViewerState[] = requests.map(() => ({ liked: new Set(), bought: new Set(), unfit: false }))
    for (const [i, postId, liked, bought, unfit] of (await query([n, viewers, postIds, authors])) as [
      number,
      number,
      boolean,
      boolean,
      boolean,
    ][]) {
      const state = states[i]!
      if (liked) state.liked.add(postId)
      if (bought) state.bought.add(postId)
      if (unfit) state.unfit = true
    }
    return states
  })
}

const statements = preparedPerDb((db) => ({
  viewerStates: batchedViewerStates(db),
  latest: batchedPages(db, 'community-posts-latest', publishedPages('p.published_at', afterMs)),
  hot: batchedPages(db, 'community-posts-hot', publishedPages('p.hot_score', 'r.after_key::int8')),
  mine: rawPrepared(db, 'community-posts-mine', MINE_SQL),
  byId: rawPrepared(db, 'community-post-by-id', CARD_BY_ID_SQL),
}))

/** A keyset order over posts: the sort column, then id, both descending. */
export interface PostOrder {
  /** Written into the cursor; a cursor of another order is refused. */
  name: string
  keyOf(row: CardRow): number
}

export const PostOrders = {
  latest: { name: 'posts-latest', keyOf: (row) => row.publishedAt?.getTime() ?? 0 },
  hot: { name: 'posts-hot', keyOf: (row) => row.hotScore },
  mine: { name: 'posts-mine', keyOf: (row) => row.createdAt.getTime() },
} as const satisfies Record<string, PostOrder>

function toCardRow(raw: unknown[]): CardRow {
  const [id, authorId, nickname, avatar, categoryId, content, price, state, rejectReason, likeCount, commentCount] =
    raw as [number, number, string, string, number, string, number, string, string, number, number]
  const [hotScore, createdMs, publishedMs, liked, bought, images] = raw.slice(11, 17) as [
    number,
    number,
    number | null,
    boolean,
    boolean,
    string,
  ]
  const [videoState, probedDuration, videoId, cover, coverWidth, coverHeight, videoDuration] = raw.slice(17) as [
    string | null,
    number | null,
    number | null,
    string | null,
    number | null,
    number | null,
    number | null,
  ]
  return {
    id,
    authorId,
    nickname,
    avatar,
    categoryId,
    content,
    price,
    state,
    rejectReason,
    likeCount,
    commentCount,
    hotScore,
    createdAt: new Date(createdMs),
    publishedAt: publishedMs === null ? null : new Date(publishedMs),
    liked,
    bought,
    images,
    videoState,
    probedDuration,
    videoId,
    cover,
    coverWidth,
    coverHeight,
    videoDuration,
  }
}

/**
 * Up to `limit` published cards for the viewer after `after`, newest or hottest first; for
 * `viewerId` null, as nobody sees them (nothing liked, bought or blocked).
 */
export function listPublished(
  db: Db,
  viewerId: number | null,
  options: { sort: 'latest' | 'hot'; filter: PublishedFilter; after: Position | null; limit: number },
): Promise<CardRow[]> {
  const { sort, ...page } = options
  return statements(db)[sort]({ viewerId, ...page })
}

/** The viewer's likes and purchases among `posts`, and whether any is unfit for them (ViewerState). */
export function viewerState(
  db: Db,
  viewerId: number,
  posts: readonly { id: number; authorId: number }[],
): Promise<ViewerState> {
  return statements(db).viewerStates({ viewerId, posts })
}

/** Up to `limit` of the viewer's own cards after `after`, newest first. */
export async function listOwn(db: Db, viewerId: number, after: Position | null, limit: number): Promise<CardRow[]> {
  const rows = await statements(db).mine([viewerId, after?.key ?? null, after?.id ?? null, limit])
  return rows.map(toCardRow)
}

export async function findCard(db: Db, viewerId: number, postId: number): Promise<CardRow | null> {
  const [row] = await statements(db).byId([viewerId, postId])
  return row ? toCardRow(row) : null
}

/** What visibility and payment decide from: the post alone. */
export async function findPost(db: Db, postId: number) {
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId, state: posts.state, price: posts.price, content: posts.content })
    .from(posts)
    .where(eq(posts.id, postId))
  return row ?? null
}

/** Who a message names: the user's id and nickname. */
export async function findNickname(db: Db, userId: number) {
  const [row] = await db.select({ id: users.id, nickname: users.nickname }).from(users).where(eq(users.id, userId))
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

export async function countPostsSince(db: Db, authorId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), gt(posts.createdAt, since)))
  return row?.n ?? 0
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

/** Sets or clears a like; the counts move only when the row did. `created`: this call made the like row. */
export async function setLike(
  db: Db,
  userId: number,
  postId: number,
  like: boolean,
  at: Date,
): Promise<{ likeCount: number; created: boolean }> {
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
  return { likeCount: row!.likeCount, created: like && changed.length > 0 }
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
