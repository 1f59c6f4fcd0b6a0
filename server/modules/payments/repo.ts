import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import { OrderState } from '../../../core/contracts/payments.ts'
import type { Db } from '../../db/client.ts'
import { paymentEvents, paymentOrders } from '../../db/schema/payments.ts'

export type OrderRow = typeof paymentOrders.$inferSelect
export type NewOrder = Omit<typeof paymentOrders.$inferInsert, 'id'>

/** What payment_events records (schema/payments.ts). */
export const EventKind = {
  Checkout: 'checkout',
  Notify: 'notify',
  Query: 'query',
  Paid: 'paid',
  Failed: 'failed',
  Expired: 'expired',
  Refunded: 'refunded',
  Refused: 'refused',
} as const
export type EventKind = (typeof EventKind)[keyof typeof EventKind]

/** The new order, or null when its number is taken (the caller draws another). */
export async function insertOrder(db: Db, order: NewOrder): Promise<OrderRow | null> {
  const [row] = await db
    .insert(paymentOrders)
    .values(order)
    .onConflictDoNothing({ target: paymentOrders.orderNo })
    .returning()
  return row ?? null
}

export async function setProviderRef(db: Db, orderId: number, providerRef: string) {
  await db.update(paymentOrders).set({ providerRef }).where(eq(paymentOrders.id, orderId))
}

export async function findOrder(db: Db, orderNo: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo))
  return row ?? null
}

export async function findUserOrder(db: Db, userId: number, orderNo: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.orderNo, orderNo), eq(paymentOrders.userId, userId)))
  return row ?? null
}

/** The user's orders newest first, after the order `afterId` when given (keyset, by id). */
export async function userOrders(db: Db, userId: number, afterId: number | null, limit: number) {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), afterId === null ? undefined : lt(paymentOrders.id, afterId)))
    .orderBy(desc(paymentOrders.id))
    .limit(limit)
}

/**
 * pending | expired | failed → paid, in one statement: of racing notifications and queries
 * only one finds the row still in one of those states, and only it goes on to credit. The
 * SET reads the row as it was, so `paid_late` says whether it had closed (or run past its
 * expiry) before the payment came. Null: paid or refunded already.
 */
export async function markPaid(db: Db, orderId: number, providerRef: string, at: Date): Promise<OrderRow | null> {
  const [row] = await db
    .update(paymentOrders)
    .set({
      state: OrderState.Paid,
      paidAt: at,
      providerRef,
      paidLate: sql`(${paymentOrders.state} <> ${OrderState.Pending} or ${paymentOrders.expiresAt} <= ${at.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(paymentOrders.id, orderId),
        inArray(paymentOrders.state, [OrderState.Pending, OrderState.Expired, OrderState.Failed]),
      ),
    )
    .returning()
  return row ?? null
}

/** pending → failed or expired; null when the order had left pending already. */
export async function closePending(
  db: Db,
  orderId: number,
  state: typeof OrderState.Failed | typeof OrderState.Expired,
  at: Date,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(paymentOrders)
    .set({ state, closedAt: at })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.state, OrderState.Pending)))
    .returning()
  return row ?? null
}

/** paid → refunded; null when the order is not paid (never paid, or refunded already). */
export async function markRefunded(db: Db, orderId: number, at: Date): Promise<OrderRow | null> {
  const [row] = await db
    .update(paymentOrders)
    .set({ state: OrderState.Refunded, closedAt: at })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.state, OrderState.Paid)))
    .returning()
  return row ?? null
}

/**
 * The sweep's work. The provider's orders made after `madeAfter` and before `madeBefore` that
 * are pending, expired or failed and due to be asked about — never asked; pending and not asked
 * since its expiry (so every sweep until it expires, and once more at its expiry); or asked last
 * at or before `askedBefore`. And the pending orders of other providers (made before
 * PAYMENT_PROVIDER changed) past their expiry at `now`, which only close. The least recently
 * asked first (never asked: first of all), then the oldest. Asking stamps `checked_at`
 * (markChecked), so orders whose query keeps failing move behind the others.
 */
export async function ordersToSweep(
  db: Db,
  window: { provider: string; now: Date; madeAfter: Date; madeBefore: Date; askedBefore: Date; limit: number },
): Promise<string[]> {
  const t = paymentOrders
  const rows = await db
    .select({ orderNo: t.orderNo })
    .from(t)
    .where(
      or(
        and(
          eq(t.provider, window.provider),
          inArray(t.state, [OrderState.Pending, OrderState.Expired, OrderState.Failed]),
          gt(t.createdAt, window.madeAfter),
          lt(t.createdAt, window.madeBefore),
          or(
            isNull(t.checkedAt),
            and(eq(t.state, OrderState.Pending), lt(t.checkedAt, t.expiresAt)),
            lte(t.checkedAt, window.askedBefore),
          ),
        ),
        and(ne(t.provider, window.provider), eq(t.state, OrderState.Pending), lte(t.expiresAt, window.now)),
      ),
    )
    .orderBy(sql`${t.checkedAt} asc nulls first`, asc(t.id))
    .limit(window.limit)
  return rows.map((row) => row.orderNo)
}

/** The provider is being asked about the order now (whatever it answers, or if it fails to). */
export async function markChecked(db: Db, orderId: number, at: Date) {
  await db.update(paymentOrders).set({ checkedAt: at }).where(eq(paymentOrders.id, orderId))
}

/** Appends to payment_events, the operator's record of what happened to an order. */
export async function appendEvent(
  db: Db,
  event: { orderId: number | null; provider: string; kind: EventKind; detail: string; at: Date },
) {
  await db.insert(paymentEvents).values({
    orderId: event.orderId,
    provider: event.provider,
    kind: event.kind,
    detail: event.detail,
    createdAt: event.at,
  })
}
