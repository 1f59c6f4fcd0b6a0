import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestampMs } from '../columns.ts'
import { users } from './accounts.ts'
import { collections, videos } from './catalogue.ts'

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
    /** What for, e.g. `video`, `collection`, `recharge`; `admin: <text>` for an operator's credit (no ref). */
    reason: text('reason').notNull(),
    /** The row paid for or paid by: `video`, `collection`, `order` (payment_orders.id), or null (operator credits). */
    refType: text('ref_type'),
    refId: integer('ref_id'),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    index('wallet_ledger_user_id_idx').on(t.userId, t.id),
    // An order credits once, its bonus once, its refund once, whatever the code does.
    uniqueIndex('wallet_ledger_order_reason_key')
      .on(t.refId, t.reason)
      .where(sql`${t.refType} = 'order'`),
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
