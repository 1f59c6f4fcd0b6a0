import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestampMs, timestamptz } from '../columns.ts'
import { users } from './accounts.ts'

/** Diamond packages of gold/paytypeinfo. Disabled ones stay for the orders that name them. */
export const diamondPackages = pgTable(
  'diamond_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Diamonds in cents of the display unit. */
    diamonds: integer('diamonds').notNull(),
    bonusDiamonds: integer('bonus_diamonds').notNull().default(0),
    /** Fen (CNY cents). */
    price: integer('price').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    check('diamond_packages_diamonds_check', sql`${t.diamonds} > 0`),
    check('diamond_packages_bonus_check', sql`${t.bonusDiamonds} >= 0`),
    check('diamond_packages_price_check', sql`${t.price} > 0`),
  ],
)

/** VIP cards of card/list. */
export const vipCards = pgTable(
  'vip_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `normal`, `supreme` or `dark` (core/contracts/payments.ts CardTier). */
    tier: text('tier').notNull(),
    days: integer('days').notNull(),
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    perks: jsonb('perks').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    check('vip_cards_tier_check', sql`${t.tier} in ('normal', 'supreme', 'dark')`),
    check('vip_cards_days_check', sql`${t.days} > 0`),
    check('vip_cards_price_check', sql`${t.price} > 0`),
    check('vip_cards_original_price_check', sql`${t.originalPrice} is null or ${t.originalPrice} > ${t.price}`),
  ],
)

/**
 * One purchase through a payment provider. What was bought is copied from the catalogue when
 * the order is made, so a later price change or a disabled item does not change it. The state
 * moves only by `UPDATE … WHERE state = <expected>`, so one transition wins a race.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The public order number (core/contracts/payments.ts ORDER_ID_PATTERN), also the provider's reference to us. */
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `diamonds` or `vip`. */
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    title: text('title').notNull(),
    /** Fen, and its currency: what the provider must confirm. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('CNY'),
    diamonds: integer('diamonds').notNull().default(0),
    bonusDiamonds: integer('bonus_diamonds').notNull().default(0),
    vipTier: text('vip_tier'),
    vipDays: integer('vip_days').notNull().default(0),
    payType: text('pay_type').notNull(),
    /** The provider's name (PAYMENT_PROVIDER when the order was made) and its own id for the payment. */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** core/contracts/payments.ts OrderState. */
    state: text('state').notNull(),
    /** Paid after it had expired or failed: credited, and flagged for the operator. */
    paidLate: boolean('paid_late').notNull().default(false),
    createdAt: timestampMs('created_at').notNull(),
    expiresAt: timestampMs('expires_at').notNull(),
    paidAt: timestampMs('paid_at'),
    /** When the order last left `pending` other than by payment (failed, expired), or was refunded. */
    closedAt: timestampMs('closed_at'),
    /**
     * When the provider was last asked about the order (the sweep, order:sync), whatever came of
     * it: the sweep asks the least recently asked first, so orders whose query keeps failing
     * cannot hold back the others, and asks again after an expiry or a close at a slower pace.
     */
    checkedAt: timestampMs('checked_at'),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_key').on(t.orderNo),
    index('payment_orders_user_id_idx').on(t.userId, t.id),
    index('payment_orders_state_created_idx').on(t.state, t.createdAt),
    check('payment_orders_kind_check', sql`${t.kind} in ('diamonds', 'vip')`),
    check('payment_orders_state_check', sql`${t.state} in ('pending', 'paid', 'failed', 'expired', 'refunded')`),
    check('payment_orders_amount_check', sql`${t.amount} > 0`),
  ],
)

/**
 * Every membership change, append-only like wallet_ledger: `expire_after` is the tier's
 * expiry on users right after the change. A paid card is one `order` row, its refund one
 * `refund` row, each at most once per order (the unique index).
 */
export const vipLedger = pgTable(
  'vip_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tier: text('tier').notNull(),
    /** Positive extends, negative shortens. */
    days: integer('days').notNull(),
    expireBefore: timestamptz('expire_before'),
    expireAfter: timestamptz('expire_after').notNull(),
    /** `order`, `refund`, later rewards. */
    reason: text('reason').notNull(),
    orderId: integer('order_id').references(() => paymentOrders.id),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    index('vip_ledger_user_id_idx').on(t.userId, t.id),
    uniqueIndex('vip_ledger_order_reason_key')
      .on(t.orderId, t.reason)
      .where(sql`${t.orderId} is not null`),
    check('vip_ledger_tier_check', sql`${t.tier} in ('normal', 'supreme', 'dark')`),
    check('vip_ledger_days_check', sql`${t.days} <> 0`),
  ],
)

/**
 * What happened to orders, for the operator (order:show): notifications received (refused
 * ones with why), provider queries, transitions, refunds. Append-only; order_id is null when
 * a notification named no order of ours.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id').references(() => paymentOrders.id),
    provider: text('provider').notNull(),
    /** `checkout`, `notify`, `query`, `paid`, `failed`, `expired`, `refunded`, `refused`. */
    kind: text('kind').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [index('payment_events_order_id_idx').on(t.orderId, t.id)],
)

/**
 * The sandbox provider's own book (it plays the provider's side, so it keeps what a real
 * provider would: the checkout, its amount and whether it was paid), read back by its query.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** Random, in the checkout page's path. */
    checkoutId: text('checkout_id').primaryKey(),
    orderNo: text('order_no').notNull(),
    subject: text('subject').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** `open`, `paid`, `failed`. */
    state: text('state').notNull(),
    createdAt: timestampMs('created_at').notNull(),
    settledAt: timestampMs('settled_at'),
  },
  (t) => [uniqueIndex('sandbox_payments_order_no_key').on(t.orderNo)],
)
