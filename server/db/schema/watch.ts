import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Rendition } from '../../media-pipeline/transcode.ts'
import { users } from './accounts.ts'
import { collections, videos } from './media.ts'

/** Millisecond precision so keyset cursors (Mine's lists) round-trip through JavaScript numbers. */
const timestampMs = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 })

/** bytea as Uint8Array on both drivers (as in images.ts). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
})

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
const videoRef = () =>
  integer('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' })

/**
 * A video's HLS stream. The files live under `${DATA_DIR}/media/${dir}` and are
 * served at `/hls/<videoId>/…`; the AES-128 key lives only here and is served by
 * `/api/media/key/<videoId>` to entitled users.
 */
export const videoStreams = pgTable(
  'video_streams',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** Relative to `${DATA_DIR}/media`, `/` separators, no leading slash; holds master.m3u8. */
    dir: text('dir').notNull(),
    encrypted: boolean('encrypted').notNull(),
    /** 16 bytes when encrypted, else null. */
    key: bytea('key'),
    /** Smallest first, as in the master playlist. */
    renditions: jsonb('renditions').$type<Rendition[]>().notNull(),
    /**
     * Length of the unencrypted preview under `${dir}/preview/` (a priced video's first
     * seconds, media/play's previewLines); 0 when there is none, as for streams made before
     * previews existed.
     */
    previewSeconds: doublePrecision('preview_seconds').notNull().default(0),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    check(
      'video_streams_key_check',
      sql`(${t.encrypted} and octet_length(${t.key}) = 16) or (not ${t.encrypted} and ${t.key} is null)`,
    ),
    check('video_streams_preview_seconds_check', sql`${t.previewSeconds} >= 0`),
  ],
)

/**
 * Every balance change, append-only: the code inserts rows and never updates or deletes
 * them. `balance_after` is users.balance right after the change, written in the same
 * transaction, so the latest row per user equals the balance and the amounts sum to it.
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Diamonds in cents; positive credits, negative debits, never 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** What for, e.g. `video`, `collection`, `admin`; free text from an operator for credits. */
    reason: text('reason').notNull(),
    /** The row paid for: `video`, `collection`, or null (operator credits). */
    refType: text('ref_type'),
    refId: integer('ref_id'),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    index('wallet_ledger_user_id_idx').on(t.userId, t.id),
    check('wallet_ledger_amount_check', sql`${t.amount} <> 0`),
    check('wallet_ledger_balance_after_check', sql`${t.balanceAfter} >= 0`),
  ],
)

/** A bought video: one row per user and video, so a second charge cannot insert. */
export const purchases = pgTable(
  'purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id),
    /** Diamonds paid. */
    price: integer('price').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('purchases_user_video_key').on(t.userId, t.videoId),
    index('purchases_user_created_idx').on(t.userId, t.createdAt, t.videoId),
    check('purchases_price_check', sql`${t.price} >= 0`),
  ],
)

/** A bought collection: unlocks every video in it. */
export const collectionPurchases = pgTable(
  'collection_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id),
    price: integer('price').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('collection_purchases_user_collection_key').on(t.userId, t.collectionId),
    check('collection_purchases_price_check', sql`${t.price} >= 0`),
  ],
)

export const videoLikes = pgTable(
  'video_likes',
  {
    userId: userRef(),
    videoId: videoRef(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
)

/** collect/operate and collect/delete; Mine's myCollect. */
export const favourites = pgTable(
  'favourites',
  {
    userId: userRef(),
    videoId: videoRef(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt, t.videoId),
  ],
)

/** Where each user got to in each video (media/trackList); Mine's myHistory. */
export const playHistory = pgTable(
  'play_history',
  {
    userId: userRef(),
    videoId: videoRef(),
    /** Seconds into the video. */
    position: real('position').notNull().default(0),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('play_history_user_updated_idx').on(t.userId, t.updatedAt, t.videoId),
    check('play_history_position_check', sql`${t.position} >= 0`),
  ],
)

/**
 * When each user's play of each video last counted (media/trackList `started`): the video's play
 * count rises again only once PLAY_COUNT_WINDOW_MS (play service) has passed since.
 */
export const countedPlays = pgTable(
  'counted_plays',
  {
    userId: userRef(),
    videoId: videoRef(),
    countedAt: timestampMs('counted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
)

/**
 * Secrets only the server knows, made on first use and shared by every server process through
 * the database (API_SECRET is in the app, so it cannot sign play tokens). `play_token`: the
 * HMAC key of play tokens.
 */
export const serverSecrets = pgTable(
  'server_secrets',
  {
    name: text('name').primaryKey(),
    value: bytea('value').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [check('server_secrets_value_check', sql`octet_length(${t.value}) >= 32`)],
)
