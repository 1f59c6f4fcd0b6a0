import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core'
import { bytea, timestampMs } from '../columns.ts'
import { users } from './accounts.ts'
import { videos } from './catalogue.ts'

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
const videoRef = () =>
  integer('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' })

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
 * HMAC key of play tokens; `sms_code`: the HMAC key text-message codes are stored under;
 * `sandbox_payment`: the sandbox provider's webhook key; `redeem_code`: the HMAC key redeem codes
 * are stored under (server/db/server-secrets.ts).
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
