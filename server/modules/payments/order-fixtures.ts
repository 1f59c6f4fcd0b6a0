import { eq } from 'drizzle-orm'
import { CardTier, LedgerReason, OrderKind, OrderState } from '../../../core/contracts/payments.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { paymentOrders, vipLedger } from '../../db/schema/payments.ts'
import * as walletRepo from '../wallet/repo.ts'
import { cardTitle, packageTitle } from './catalogue.ts'

/**
 * Orders and the rows they produce, written the way the orders service writes them (the
 * ledger conventions of server/modules/payments/README.md), for the tests of what reads
 * them: wallet/ledger, wallet:audit, order:show. Not for the orders service's own tests.
 */

export type OrderRow = typeof paymentOrders.$inferSelect

const DAY_MS = 24 * 3600_000
let serial = 0

/** `MQ`, the UTC time to the second, 6 more digits: unique within a test run. */
function orderNumber(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14)
  serial = (serial + 1) % 1_000_000
  return `MQ${stamp}${String(serial).padStart(6, '0')}`
}

export interface OrderSpec {
  userId: number
  at: Date
  state?: OrderState
  /** A diamond order unless a tier is given. */
  diamonds?: number
  bonusDiamonds?: number
  tier?: CardTier
  days?: number
  /** Fen. */
  amount?: number
}

/** An order row as recharge/submit makes it, then moved to `state` (paid orders get paid_at). */
export async function insertOrder(db: Db, spec: OrderSpec): Promise<OrderRow> {
  const vip = spec.tier !== undefined
  const diamonds = vip ? 0 : (spec.diamonds ?? 6000)
  const bonusDiamonds = vip ? 0 : (spec.bonusDiamonds ?? 0)
  const days = vip ? (spec.days ?? 30) : 0
  const state = spec.state ?? OrderState.Pending
  const [row] = await db
    .insert(paymentOrders)
    .values({
      orderNo: orderNumber(spec.at),
      userId: spec.userId,
      kind: vip ? OrderKind.Vip : OrderKind.Diamonds,
      itemId: 1,
      title: vip ? cardTitle(spec.tier!, days) : packageTitle(diamonds),
      amount: spec.amount ?? (vip ? 2500 : diamonds / 10),
      diamonds,
      bonusDiamonds,
      vipTier: spec.tier ?? null,
      vipDays: days,
      payType: 'alipay',
      provider: 'sandbox',
      providerRef: state === OrderState.Pending ? null : `SB-${spec.at.getTime()}`,
      state,
      createdAt: spec.at,
      expiresAt: new Date(spec.at.getTime() + 30 * 60_000),
      paidAt: state === OrderState.Paid || state === OrderState.Refunded ? spec.at : null,
    })
    .returning()
  return row!
}

/** What a paid diamond order credits: the diamonds, then the bonus as its own row. */
export async function creditDiamondOrder(db: Db, order: OrderRow, at: Date) {
  await db.transaction(async (tx) => {
    const credits: [number, string][] = [[order.diamonds, LedgerReason.Recharge]]
    if (order.bonusDiamonds > 0) credits.push([order.bonusDiamonds, LedgerReason.RechargeBonus])
    for (const [amount, reason] of credits) {
      const balance = await walletRepo.creditBalance(tx, order.userId, amount)
      const ref = { refType: walletRepo.RefType.Order, refId: order.id }
      await walletRepo.appendLedger(tx, { userId: order.userId, amount, balanceAfter: balance!, reason, ...ref, at })
    }
  })
}

/** A refund of a diamond order: one debit of diamonds and bonus, and the order refunded. */
export async function refundDiamondOrder(db: Db, order: OrderRow, at: Date) {
  await db.transaction(async (tx) => {
    const amount = order.diamonds + order.bonusDiamonds
    const balance = await walletRepo.debitIfEnough(tx, order.userId, amount)
    if (balance === null) throw new Error('the balance does not cover the refund')
    await walletRepo.appendLedger(tx, {
      userId: order.userId,
      amount: -amount,
      balanceAfter: balance,
      reason: LedgerReason.Refund,
      refType: walletRepo.RefType.Order,
      refId: order.id,
      at,
    })
    await tx
      .update(paymentOrders)
      .set({ state: OrderState.Refunded, closedAt: at })
      .where(eq(paymentOrders.id, order.id))
  })
}

const VIP_COLUMNS = {
  [CardTier.Normal]: { type: 'normalVipType', expire: 'normalVipExpire' },
  [CardTier.Supreme]: { type: 'supremeVipType', expire: 'supremeVipExpire' },
  [CardTier.Dark]: { type: 'darkVipType', expire: 'darkVipExpire' },
} as const

/** A paid card extends its tier from the later of now and the current expiry; a refund (negative) moves it back. */
async function changeVip(db: Db, order: OrderRow, at: Date, refund: boolean) {
  const tier = order.vipTier as CardTier
  const columns = VIP_COLUMNS[tier]
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, order.userId))
    const before = user![columns.expire]
    const days = refund ? -order.vipDays : order.vipDays
    const base = refund ? before!.getTime() : Math.max(at.getTime(), before?.getTime() ?? 0)
    const after = new Date(base + days * DAY_MS)
    await tx
      .update(users)
      .set({ [columns.type]: 1, [columns.expire]: after })
      .where(eq(users.id, order.userId))
    await tx.insert(vipLedger).values({
      userId: order.userId,
      tier,
      days,
      expireBefore: before,
      expireAfter: after,
      reason: refund ? 'refund' : 'order',
      orderId: order.id,
      createdAt: at,
    })
    if (refund) {
      await tx
        .update(paymentOrders)
        .set({ state: OrderState.Refunded, closedAt: at })
        .where(eq(paymentOrders.id, order.id))
    }
  })
}

export const extendVipOrder = (db: Db, order: OrderRow, at: Date) => changeVip(db, order, at, false)
export const refundVipOrder = (db: Db, order: OrderRow, at: Date) => changeVip(db, order, at, true)

/** A paid order and what it produced, as the orders service leaves it. */
export async function paidOrder(db: Db, spec: Omit<OrderSpec, 'state'>): Promise<OrderRow> {
  const order = await insertOrder(db, { ...spec, state: OrderState.Paid })
  if (order.kind === OrderKind.Vip) await extendVipOrder(db, order, spec.at)
  else await creditDiamondOrder(db, order, spec.at)
  return order
}
