import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestampMs, timestamptz } from '../columns.ts'
import { users } from './accounts.ts'

/** A reward as stored: points or diamonds carry `amount`, VIP carries `tier` and `amount` days. */
const rewardColumns = () => ({
  /** RewardKind: points, diamonds or vip. */
  rewardKind: text('reward_kind').notNull(),
  /** Points, diamonds in cents, or VIP days. */
  rewardAmount: integer('reward_amount').notNull(),
  /** CardTier for vip; null otherwise. */
  rewardTier: text('reward_tier'),
})
const rewardChecks = (name: string, t: { rewardKind: unknown; rewardAmount: unknown; rewardTier: unknown }) => [
  check(
    `${name}_reward_check`,
    sql`${t.rewardAmount} > 0 and (
    (${t.rewardKind} in ('points', 'diamonds') and ${t.rewardTier} is null) or
    (${t.rewardKind} = 'vip' and ${t.rewardTier} in ('normal', 'supreme', 'dark')))`,
  ),
]

/** A user's points: what can be spent and what was ever earned (levels). A row appears with the first points. */
export const pointsBalances = pgTable(
  'points_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    lifetime: bigint('lifetime', { mode: 'number' }).notNull(),
  },
  (t) => [check('points_balances_check', sql`${t.balance} >= 0 and ${t.lifetime} >= ${t.balance}`)],
)

/**
 * Every points change, append-only like wallet_ledger: `balance_after` is points_balances.balance
 * right after the change, in the same transaction. A referenced row pays or charges once per
 * reason whatever the code does.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Positive credits, negative debits, never 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** What for: `task`, `exchange`, `redeem-code`, `invite-register`, `admin: <text>`. */
    reason: text('reason').notNull(),
    /** The row paid by: `task-claim`, `exchange`, `code-use`, `invite` (invitee id), or null (operator). */
    refType: text('ref_type'),
    refId: integer('ref_id'),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    index('points_ledger_user_id_idx').on(t.userId, t.id),
    uniqueIndex('points_ledger_ref_reason_key')
      .on(t.refType, t.refId, t.reason)
      .where(sql`${t.refType} is not null`),
    check('points_ledger_amount_check', sql`${t.amount} <> 0`),
    check('points_ledger_balance_after_check', sql`${t.balanceAfter} >= 0`),
  ],
)

/** Levels by lifetime points (seeded; operators may edit). */
export const pointLevels = pgTable('point_levels', {
  level: integer('level').primaryKey(),
  name: text('name').notNull(),
  minPoints: integer('min_points').notNull().unique(),
  perks: jsonb('perks').$type<string[]>().notNull(),
})

/** The tasks of /welfare (seeded, one per TaskKind). */
export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** TaskPeriod: daily or once. */
    period: text('period').notNull(),
    /** How much progress finishes it (videos watched, posts published, …); 1 for a yes/no task. */
    goal: integer('goal').notNull(),
    ...rewardColumns(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('tasks_period_check', sql`${t.period} in ('daily', 'once')`), ...rewardChecks('tasks', t)],
)

/**
 * A task's reward claimed: one row per user, task and period (`2026-11-26` in Asia/Shanghai
 * for a daily task, `once` for a once task), so a raced or retried claim inserts once.
 */
export const taskClaims = pgTable(
  'task_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    period: text('period').notNull(),
    /** The sign-in streak this claim made (1 after a missed day); 0 for other tasks. */
    streak: integer('streak').notNull().default(0),
    ...rewardColumns(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('task_claims_user_task_period_key').on(t.userId, t.taskId, t.period),
    ...rewardChecks('task_claims', t),
  ],
)

/** What points buy on /welfare/exchange. */
export const redeemItems = pgTable(
  'redeem_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    ...rewardColumns(),
    /** Points. */
    price: integer('price').notNull(),
    /** How many are left; null when unlimited. */
    stock: integer('stock'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check('redeem_items_price_check', sql`${t.price} > 0`),
    check('redeem_items_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    ...rewardChecks('redeem_items', t),
  ],
)

/** An exchange made: the item as it was (title, reward, price), debited by its points_ledger row. */
export const redeemExchanges = pgTable(
  'redeem_exchanges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => redeemItems.id),
    title: text('title').notNull(),
    ...rewardColumns(),
    price: integer('price').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [index('redeem_exchanges_user_id_idx').on(t.userId, t.id), ...rewardChecks('redeem_exchanges', t)],
)

/**
 * Redeem codes made by `codes:create`: only a keyed hash of each code is kept, nothing of its
 * text (server/modules/welfare/README.md, "Redeem codes").
 */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** HMAC-SHA-256 of the normalised code under `server_secrets.redeem_code`, or SHA-256 (hash_version 1). */
    codeHash: text('code_hash').notNull().unique(),
    /** CodeHashVersion: 2 keyed, 1 the unkeyed rows made before migration 0012. No default: each insert says. */
    hashVersion: integer('hash_version').notNull(),
    ...rewardColumns(),
    /** How many users may redeem it (each once). */
    maxUses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamptz('expires_at'),
    /** The codes:create run that made it, as it printed it (`20261126-1f2e3d4c`): what lists show of a code. */
    batch: text('batch').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    check('redeem_codes_uses_check', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
    check('redeem_codes_hash_version_check', sql`${t.hashVersion} in (1, 2)`),
    ...rewardChecks('redeem_codes', t),
  ],
)

/** A code redeemed: once per code and user. */
export const redeemCodeUses = pgTable(
  'redeem_code_uses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeId: integer('code_id')
      .notNull()
      .references(() => redeemCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('redeem_code_uses_code_user_key').on(t.codeId, t.userId),
    index('redeem_code_uses_user_id_idx').on(t.userId, t.id),
  ],
)
