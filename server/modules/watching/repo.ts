import { and, desc, eq, inArray, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { POST_VIDEO_CONTENT_TYPE } from '../../../core/contracts/media.ts'
import type { VipHolder } from '../../../core/vip/vip.ts'
import type { Db } from '../../db/client.ts'
import { batchPerTurn, rawPrepared } from '../../db/raw.ts'
import { users } from '../../db/schema/accounts.ts'
import { videos, videoTags } from '../../db/schema/catalogue.ts'
import { collectionPurchases, purchases } from '../../db/schema/wallet.ts'
import { countedPlays, favourites, playHistory, videoLikes } from '../../db/schema/watching.ts'
import { videoStreams } from '../../db/schema/streams.ts'
import type { Position } from '../catalogue/cursor.ts'
import { cardColumns, inCatalogue, type CardRow } from '../catalogue/repo.ts'

const bought = (userId: SQL | Placeholder | number, videoId: SQL | Placeholder | number) => sql<boolean>`(
  exists (select 1 from ${purchases} where ${purchases.userId} = ${userId} and ${purchases.videoId} = ${videoId})
  or exists (select 1 from ${collectionPurchases} where ${collectionPurchases.userId} = ${userId}
    and ${collectionPurchases.collectionId} = ${videos.collectionId}))`

const vipColumns = {
  normalVipType: users.normalVipType,
  normalVipExpire: users.normalVipExpire,
  supremeVipType: users.supremeVipType,
  supremeVipExpire: users.supremeVipExpire,
  darkVipType: users.darkVipType,
  darkVipExpire: users.darkVipExpire,
}

export interface VipColumns {
  normalVipType: number
  normalVipExpire: Date | null
  supremeVipType: number
  supremeVipExpire: Date | null
  darkVipType: number
  darkVipExpire: Date | null
}

/** What the key endpoint decides on for one (user, video): null when either does not exist. */
export interface KeyAccess {
  price: number
  vip: number
  holder: VipHolder
  bought: boolean
  /** The stream's 16 key bytes; null when it has no stream or an unencrypted one. */
  key: Uint8Array | null
  /**
   * A community post video (POST_VIDEO_CONTENT_TYPE): whether the user may play it — its author,
   * or anyone while its post is published and free or bought by them. Null for a catalogue
   * video, which price, VIP and purchases decide.
   */
  postVideo: boolean | null
}

// One row per requested (user, video) that both exist, tagged with the request's position.
// LATERAL keeps each request's lookups on the primary keys whatever the batch's size. For a
// community post video (POST_VIDEO_CONTENT_TYPE) the last column says whether its post lets the
// user play it; null for every other video.
const KEY_ACCESS_SQL = `select r.n::int4, k.*
from unnest($1::int4[], $2::int4[]) with ordinality as r(user_id, video_id, n),
lateral (
  select v.price, v.vip::int4,
    u.normal_vip_type, coalesce(floor(extract(epoch from u.normal_vip_expire)), 0)::float8,
    u.supreme_vip_type, coalesce(floor(extract(epoch from u.supreme_vip_expire)), 0)::float8,
    u.dark_vip_type, coalesce(floor(extract(epoch from u.dark_vip_expire)), 0)::float8,
    exists (select 1 from purchases p where p.user_id = r.user_id and p.video_id = v.id)
      or exists (select 1 from collection_purchases c where c.user_id = r.user_id and c.collection_id = v.collection_id),
    case when s.encrypted then s.key end,
    case when v.content_type = ${POST_VIDEO_CONTENT_TYPE} then
      exists (select 1 from post_videos pv where pv.video_id = v.id and pv.owner_id = r.user_id)
      or exists (select 1 from post_videos pv join posts p on p.post_video_id = pv.id
        where pv.video_id = v.id and p.state = 'published'
          and (p.price = 0 or exists (select 1 from post_purchases pp where pp.post_id = p.id and pp.user_id = r.user_id)))
    end
  from videos v
  join users u on u.id = r.user_id
  left join video_streams s on s.video_id = v.id
  where v.id = r.video_id
) k`

type KeyAccessRow = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  boolean,
  Uint8Array | null,
  boolean | null,
]

/**
 * Everything the key endpoint decides on — the video's price and VIP requirement, the user's
 * membership lines, whether they bought it, the stream's key — for every key request of one
 * event-loop turn in one round trip (batchPerTurn): the key endpoint's whole cost was mostly
 * that round trip. Raw SQL (rawPrepared): run on every key request.
 */
export function createKeyAccess(db: Db): (request: { userId: number; videoId: number }) => Promise<KeyAccess | null> {
  const query = rawPrepared(db, 'key_access_batch', KEY_ACCESS_SQL)
  return batchPerTurn(async (requests) => {
    const rows = await query([requests.map((r) => r.userId), requests.map((r) => r.videoId)])
    const answers: (KeyAccess | null)[] = requests.map(() => null)
    for (const row of rows) {
      const [
        n,
        price,
        vip,
        normalType,
        normalExpire,
        supremeType,
        supremeExpire,
        darkType,
        darkExpire,
        bought,
        key,
        postVideo,
      ] = row as KeyAccessRow
      answers[n - 1] = {
        price,
        vip,
        holder: {
          normalVip: { vipType: normalType, vipExpireInt: normalExpire },
          supremeVip: { vipType: supremeType, vipExpireInt: supremeExpire },
          darkVip: { vipType: darkType, vipExpireInt: darkExpire },
        },
        bought,
        key,
        postVideo,
      }
    }
    return answers
  })
}

/** What media/play tells one user about one video besides the catalogue record. */
export async function viewerState(db: Db, userId: number, videoId: number) {
  const [row] = await db
    .select({
      ...vipColumns,
      balance: users.balance,
      bought: bought(userId, videoId),
      liked: sql<boolean>`exists (select 1 from ${videoLikes} where ${videoLikes.userId} = ${userId} and ${videoLikes.videoId} = ${videoId})`,
      favourited: sql<boolean>`exists (select 1 from ${favourites} where ${favourites.userId} = ${userId} and ${favourites.videoId} = ${videoId})`,
      resumeAt: sql<
        number | null
      >`(select ${playHistory.position} from ${playHistory} where ${playHistory.userId} = ${userId} and ${playHistory.videoId} = ${videoId})`,
      hasStream: sql<boolean>`exists (select 1 from ${videoStreams} where ${videoStreams.videoId} = ${videoId})`,
    })
    .from(videos)
    .innerJoin(users, eq(users.id, userId))
    .where(eq(videos.id, videoId))
  return row ?? null
}

/** Seconds of the stream's unencrypted preview; 0 when it has none (or no stream). */
export async function previewSeconds(db: Db, videoId: number): Promise<number> {
  const [row] = await db
    .select({ seconds: videoStreams.previewSeconds })
    .from(videoStreams)
    .where(eq(videoStreams.videoId, videoId))
  return row?.seconds ?? 0
}

/**
 * Whether the video exists; `catalogue`: and is not a post video (likes and favourites are the
 * catalogue's; a post video's plays are still tracked on its post's player).
 */
export async function videoExists(db: Db, videoId: number, options: { catalogue?: boolean } = {}): Promise<boolean> {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), options.catalogue ? inCatalogue() : undefined))
  return rows.length > 0
}

/** Up to `limit` other videos sharing a tag with `videoId`, most liked first. */
export async function related(db: Db, videoId: number, limit: number): Promise<CardRow[]> {
  const sameTag = sql`exists (select 1 from ${videoTags} mine join ${videoTags} theirs on theirs.tag_id = mine.tag_id
    where mine.video_id = ${videoId} and theirs.video_id = ${videos.id})`
  return db
    .select(cardColumns)
    .from(videos)
    .where(and(ne(videos.id, videoId), sameTag, inCatalogue()))
    .orderBy(desc(videos.likeCount), desc(videos.id))
    .limit(limit)
}

/** Sets or clears a like; the count moves only when the row did. Answers the new count. */
export async function setLike(db: Db, userId: number, videoId: number, like: boolean, at: Date): Promise<number> {
  const changed = like
    ? await db
        .insert(videoLikes)
        .values({ userId, videoId, createdAt: at })
        .onConflictDoNothing()
        .returning({ videoId: videoLikes.videoId })
    : await db
        .delete(videoLikes)
        .where(and(eq(videoLikes.userId, userId), eq(videoLikes.videoId, videoId)))
        .returning({ videoId: videoLikes.videoId })
  if (changed.length > 0) {
    const [row] = await db
      .update(videos)
      .set({ likeCount: sql`greatest(${videos.likeCount} + ${like ? 1 : -1}, 0)` })
      .where(eq(videos.id, videoId))
      .returning({ likeCount: videos.likeCount })
    return row!.likeCount
  }
  const [row] = await db.select({ likeCount: videos.likeCount }).from(videos).where(eq(videos.id, videoId))
  return row!.likeCount
}

export async function addFavourite(db: Db, userId: number, videoId: number, at: Date) {
  await db.insert(favourites).values({ userId, videoId, createdAt: at }).onConflictDoNothing()
}

export async function removeFavourites(db: Db, userId: number, videoIds: number[]) {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), inArray(favourites.videoId, videoIds)))
}

/**
 * Whether the user's play of the video counts at `at`: yes unless one counted after `since`, and
 * then it is recorded. One upsert, so racing reports wait on the row and all but one see it taken.
 */
export async function claimPlay(db: Db, userId: number, videoId: number, at: Date, since: Date): Promise<boolean> {
  const rows = await db
    .insert(countedPlays)
    .values({ userId, videoId, countedAt: at })
    .onConflictDoUpdate({
      target: [countedPlays.userId, countedPlays.videoId],
      set: { countedAt: at },
      setWhere: lte(countedPlays.countedAt, since),
    })
    .returning({ videoId: countedPlays.videoId })
  return rows.length > 0
}

export async function countPlay(db: Db, videoId: number) {
  await db
    .update(videos)
    .set({ playCount: sql`${videos.playCount} + 1` })
    .where(eq(videos.id, videoId))
}

export async function savePosition(db: Db, userId: number, videoId: number, position: number, at: Date) {
  await db
    .insert(playHistory)
    .values({ userId, videoId, position, updatedAt: at })
    .onConflictDoUpdate({ target: [playHistory.userId, playHistory.videoId], set: { position, updatedAt: at } })
}

/** One of Mine's lists: a per-user table of (user, video, time), read newest first. */
export interface MineList {
  /** Written into cursors, so one list's cursor is refused by another. */
  name: string
  table: PgTable
  userId: PgColumn
  videoId: PgColumn
  at: PgColumn
  /** Seconds watched (history only). */
  position?: PgColumn
}

export const MineLists = {
  bought: {
    name: 'bought',
    table: purchases,
    userId: purchases.userId,
    videoId: purchases.videoId,
    at: purchases.createdAt,
  },
  favourites: {
    name: 'favourites',
    table: favourites,
    userId: favourites.userId,
    videoId: favourites.videoId,
    at: favourites.createdAt,
  },
  history: {
    name: 'history',
    table: playHistory,
    userId: playHistory.userId,
    videoId: playHistory.videoId,
    at: playHistory.updatedAt,
    position: playHistory.position,
  },
} as const satisfies Record<string, MineList>

/** Up to `limit` of the user's rows in `list` after `after`, newest first (then video id), with their cards. */
export async function listMine(
  db: Db,
  list: MineList,
  userId: number,
  after: Position | null,
  limit: number,
): Promise<(CardRow & { at: Date; position: number })[]> {
  const afterClause = after
    ? sql`(${list.at}, ${list.videoId}) < (${new Date(after.key).toISOString()}::timestamptz, ${after.id}::int)`
    : undefined
  const rows = await db
    .select({ ...cardColumns, at: list.at, position: list.position ?? sql<number>`0` })
    .from(list.table)
    .innerJoin(videos, eq(videos.id, list.videoId))
    .where(and(eq(list.userId, userId), afterClause, inCatalogue()))
    .orderBy(desc(list.at), desc(list.videoId))
    .limit(limit)
  return rows as (CardRow & { at: Date; position: number })[]
}
