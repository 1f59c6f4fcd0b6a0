import { sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { searchGrams, timestamptz } from '../columns.ts'

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    /** The device a guest was created for; the same device logs in as the same guest. */
    deviceId: text('device_id'),
    isGuest: boolean('is_guest').notNull().default(true),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    /** The raw affCode text of the guest login, kept as sent. */
    affCode: text('aff_code').notNull().default(''),
    /** affCode parsed when it is a JSON object ({pc, dc, isLight}); null otherwise. */
    channel: jsonb('channel').$type<Record<string, unknown>>(),
    /** Client IP at creation, for the per-IP cap on new guests. */
    createdIp: text('created_ip').notNull().default(''),
    normalVipType: integer('normal_vip_type').notNull().default(0),
    normalVipExpire: timestamptz('normal_vip_expire'),
    supremeVipType: integer('supreme_vip_type').notNull().default(0),
    supremeVipExpire: timestamptz('supreme_vip_expire'),
    darkVipType: integer('dark_vip_type').notNull().default(0),
    darkVipExpire: timestamptz('dark_vip_expire'),
    /** Diamonds in cents of the display unit; never negative. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** The login name as typed at registration; unique without regard to case. Null for guests. */
    account: text('account'),
    /** argon2id PHC string; null until the user registers with a password. */
    passwordHash: text('password_hash'),
    /** Normalised mainland number (11 digits); one account per number. */
    mobile: text('mobile'),
    intro: text('intro').notNull().default(''),
    /** SHA-256 of the QR card's credential (a random bearer secret); null when there is none. */
    credentialHash: text('credential_hash'),
    credentialCreatedAt: timestamptz('credential_created_at'),
    /** Until then the user may read but not publish, comment or upload (user:ban); null: never banned. */
    bannedUntil: timestamptz('banned_until'),
    createdAt: timestamptz('created_at').notNull(),
    /** user/list's nickname search. */
    searchGrams: searchGrams((): SQL => sql`search_grams(nickname)`),
  },
  (t) => [
    index('users_search_grams_idx').using('gin', t.searchGrams),
    uniqueIndex('users_device_id_key').on(t.deviceId),
    uniqueIndex('users_account_lower_key').on(sql`lower(${t.account})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_credential_hash_key').on(t.credentialHash),
    index('users_created_ip_created_at_idx').on(t.createdIp, t.createdAt),
    check('users_balance_not_negative', sql`${t.balance} >= 0`),
  ],
)

/** Session tokens, stored only as the hex SHA-256 of the token; revocable. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The app's device id at login, when it sent one: `login/before` answers from it. */
    deviceId: text('device_id'),
    /** Read from X-User-Agent at login, e.g. `Android · Chrome 131`, for the devices list. */
    deviceName: text('device_name').notNull().default(''),
    createdAt: timestamptz('created_at').notNull(),
    /** Refreshed at most every few minutes by the session lookup. */
    lastSeenAt: timestamptz('last_seen_at'),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_device_id_idx').on(t.deviceId, t.createdAt),
  ],
)

/**
 * Text-message codes (login/captcha). Only an HMAC of the code is kept; a code is used once,
 * expires, and is dead after too many wrong tries. Rows also count what was sent per number.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: text('mobile').notNull(),
    /** login, bind, changeOld or changeNew (core/contracts/account.ts). */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Client address that asked, for the per-address cap. */
    ip: text('ip').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('sms_codes_mobile_created_idx').on(t.mobile, t.createdAt),
    index('sms_codes_ip_created_idx').on(t.ip, t.createdAt),
  ],
)

/** Foreground seconds per user and day (Asia/Shanghai), for totals and daily tasks. */
export const onlineTime = pgTable(
  'online_time',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)
