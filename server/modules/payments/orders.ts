import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { PAGE_SIZE } from '../../../core/contracts/media.ts'
import {
  LedgerReason,
  OrderKind,
  OrderState,
  type CardTier,
  type Order,
  type OrderPage,
  type RechargeSubmitResult,
} from '../../../core/contracts/payments.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import { loggableError } from '../../loggable-error.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import { orderPaidMessage } from '../messages/events.ts'
import { writeMessage } from '../messages/write.ts'
import { RefType } from '../wallet/repo.ts'
import type { WalletService } from '../wallet/service.ts'
import type { PaymentCatalogue } from './catalogue.ts'
import type { PaymentProvider, ProviderPayment } from './provider.ts'
import * as repo from './repo.ts'
import { EventKind, type OrderRow } from './repo.ts'
import { changeVip, VipReason } from './vip.ts'

/** An order may be paid for this long after it is made; then the sweep closes it as expired. */
export const ORDER_TTL_MS = 30 * 60_000
/** A pending order this old is asked about at the provider: its notification may have been lost. */
export const SWEEP_AFTER_MS = 2 * 60_000
/**
 * Expired and failed orders made within this long are still asked about, so a payment the
 * provider took after all (its notification lost) is credited, late and flagged, without an
 * operator.
 */
export const LATE_RECOVERY_MS = 24 * 60 * 60_000
/** A closed order (expired, failed), or a pending one asked since its expiry, is asked about at most this often. */
export const LATE_RECHECK_MS = 10 * 60_000
/** How often the running server sweeps (routes.ts scheduleOrderSweep). */
export const SWEEP_INTERVAL_MS = 60_000
/** Orders one sweep asks about, the least recently asked first; the rest wait for the next. */
const SWEEP_BATCH = 100
/** Attempts at a free order number before giving up (6 random digits per second). */
const ORDER_NUMBER_ATTEMPTS = 5
export const ORDER_CURRENCY = 'CNY'

/** Where the checkout sends the browser back: the app's order page, which waits for the outcome. */
export const orderReturnPath = (orderNo: string) => `/mine/recharge?orderId=${encodeURIComponent(orderNo)}`

/** `MQ`, the UTC date and time to the second, 6 random digits (ORDER_ID_PATTERN). */
export function orderNumber(atMs: number, random: Uint8Array): string {
  const stamp = new Date(atMs).toISOString().slice(0, 19).replace(/\D/g, '')
  const n = ((random[0]! << 24) | (random[1]! << 16) | (random[2]! << 8) | random[3]!) >>> 0
  return `MQ${stamp}${String(n % 1_000_000).padStart(6, '0')}`
}

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : 0)

export function toOrder(row: OrderRow): Order {
  return {
    orderId: row.orderNo,
    kind: row.kind as OrderKind,
    itemId: row.itemId,
    title: row.title,
    amount: row.amount,
    diamonds: row.diamonds,
    bonusDiamonds: row.bonusDiamonds,
    tier: row.vipTier as CardTier | null,
    days: row.vipDays,
    payType: row.payType,
    state: row.state as OrderState,
    createdAt: seconds(row.createdAt),
    expiresAt: seconds(row.expiresAt),
    paidAt: seconds(row.paidAt),
  }
}

/** A refund that cannot be made (not paid, refunded already, the diamonds spent): nothing changed. */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError'
}

/** What a payment report did to its order. */
export const SettleOutcome = {
  /** This report paid the order (and credited it). */
  Paid: 'paid',
  /** This report closed the pending order as failed. */
  Failed: 'failed',
  /** The sweep (or order:sync) closed it as expired. */
  Expired: 'expired',
  /** Nothing to do: paid or refunded already, or the payment is still under way. */
  Unchanged: 'unchanged',
  /** Amount, currency or provider differ from the order's, or no such order: nothing changed. */
  Refused: 'refused',
} as const
export type SettleOutcome = (typeof SettleOutcome)[keyof typeof SettleOutcome]

export interface SettleResult {
  outcome: SettleOutcome
  /** The order after the report; null when it named no order of ours. */
  order: OrderRow | null
  /** Why it was refused. */
  reason?: string
}

export interface SyncResult extends SettleResult {
  order: OrderRow
  /** The order's state before. */
  before: OrderState
  /** What the provider said of the payment; null when it knows none (or was not asked). */
  reported: ProviderPayment['state'] | null
}

/** The log lines of the payments module (the app's logger; the admin CLI's own). */
export interface PaymentsLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

const SILENT: PaymentsLog = { info: () => {}, warn: () => {}, error: () => {} }

/**
 * Orders through a payment provider (README.md): an order is made from the catalogue's price,
 * paid at the provider's checkout, and settled from the provider's signed notification or, when
 * that never comes, from a query by the sweep. Settling is exactly once: the order's move to
 * `paid` and what it gives (diamonds, a membership) commit together or not at all.
 */
export function createOrdersService(deps: {
  db: Db
  now: () => number
  provider: PaymentProvider
  catalogue: Pick<PaymentCatalogue, 'findItem'>
  wallet: Pick<WalletService, 'creditIn' | 'debitIn' | 'balance'>
  log?: PaymentsLog
  randomBytes?: (size: number) => Uint8Array
  /** Orders one sweep asks about (SWEEP_BATCH); tests make it small. */
  sweepBatch?: number
  /**
   * Runs inside the transaction that credited a paid diamond order, after its credit: the
   * invitations module pays the inviter's share there (server/modules/invitations/README.md).
   * Required, so no way of building the service settles a top-up without its share.
   */
  onTopUpCredited: (tx: Db, order: OrderRow) => Promise<void>
}) {
  const { db, now, provider, wallet } = deps
  const log = deps.log ?? SILENT
  const random = deps.randomBytes ?? ((size: number) => new Uint8Array(nodeRandomBytes(size)))
  const event = (orderId: number | null, kind: EventKind, detail: string, tx: Db = db) =>
    repo.appendEvent(tx, { orderId, provider: provider.name, kind, detail, at: new Date(now()) })

  async function insertOrder(order: Omit<repo.NewOrder, 'orderNo'>): Promise<OrderRow> {
    for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
      const row = await repo.insertOrder(db, { ...order, orderNo: orderNumber(now(), random(4)) })
      if (row) return row
    }
    throw new Error(`no free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`)
  }

  /**
   * Makes a pending order from the catalogue (the app sends only ids: the price is ours) and
   * opens the provider's checkout for it.
   */
  async function submit(
    userId: number,
    body: { kind: OrderKind; itemId: number; payType: string },
  ): Promise<RechargeSubmitResult> {
    if (!provider.payTypes.some((type) => type.code === body.payType)) {
      throw businessError(BusinessCode.PayTypeUnavailable)
    }
    const item = await deps.catalogue.findItem(body.kind, body.itemId)
    if (!item) throw businessError(BusinessCode.ItemUnavailable)
    const at = now()
    const order = await insertOrder({
      userId,
      kind: item.kind,
      itemId: item.itemId,
      title: item.title,
      amount: item.amount,
      currency: ORDER_CURRENCY,
      diamonds: item.diamonds,
      bonusDiamonds: item.bonusDiamonds,
      vipTier: item.tier,
      vipDays: item.days,
      payType: body.payType,
      provider: provider.name,
      state: OrderState.Pending,
      createdAt: new Date(at),
      expiresAt: new Date(at + ORDER_TTL_MS),
    })
    let checkout: Awaited<ReturnType<PaymentProvider['createCheckout']>>
    try {
      checkout = await provider.createCheckout({
        orderNo: order.orderNo,
        subject: order.title,
        amount: order.amount,
        currency: order.currency,
        payType: order.payType,
        expiresAt: order.expiresAt.getTime(),
        returnPath: orderReturnPath(order.orderNo),
      })
    } catch (error) {
      // Nothing can be paid without a checkout: the order closes, and the caller sees 5000.
      if (await repo.closePending(db, order.id, OrderState.Failed, new Date(now()))) {
        await event(order.id, EventKind.Failed, 'the provider opened no checkout')
      }
      throw error
    }
    await db.transaction(async (tx) => {
      if (checkout.providerRef) await repo.setProviderRef(tx, order.id, checkout.providerRef)
      await event(order.id, EventKind.Checkout, checkout.providerRef ? `ref ${checkout.providerRef}` : '', tx)
    })
    return { orderId: order.orderNo, payUrl: checkout.payUrl }
  }

  /** The user's orders, newest first, in keyset pages. */
  async function history(userId: number, cursor: string | undefined): Promise<OrderPage> {
    const after = decodeCursor('orders', cursor)
    const rows = await repo.userOrders(db, userId, after?.id ?? null, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const last = shown.at(-1)
    return {
      items: shown.map(toOrder),
      nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor('orders', { key: last.id, id: last.id }) : null,
    }
  }

  /** One of the caller's orders; another user's answers as an unknown one. */
  async function status(userId: number, orderNo: string): Promise<Order> {
    const row = await repo.findUserOrder(db, userId, orderNo)
    if (!row) throw businessError(BusinessCode.OrderNotFound)
    return toOrder(row)
  }

  /** Diamonds (and the bonus as a ledger row of its own) or the membership days of a paid order. */
  async function deliver(tx: Db, order: OrderRow) {
    if (order.kind === OrderKind.Diamonds) {
      const ref = { refType: RefType.Order, refId: order.id }
      await wallet.creditIn(tx, order.userId, order.diamonds, { ...ref, reason: LedgerReason.Recharge })
      if (order.bonusDiamonds > 0) {
        await wallet.creditIn(tx, order.userId, order.bonusDiamonds, { ...ref, reason: LedgerReason.RechargeBonus })
      }
      await deps.onTopUpCredited(tx, order)
      return
    }
    await changeVip(tx, {
      userId: order.userId,
      tier: order.vipTier as CardTier,
      days: order.vipDays,
      reason: VipReason.Order,
      orderId: order.id,
      now: now(),
    })
  }

  /** Why a verified report cannot be applied to `order`, or null when it can. */
  function mismatch(order: OrderRow, payment: ProviderPayment): string | null {
    if (order.provider !== provider.name) return `the order was made with provider ${order.provider}`
    if (payment.amount !== order.amount) return `amount ${payment.amount} differs from the order's ${order.amount}`
    if (payment.currency !== order.currency) {
      return `currency ${payment.currency} differs from the order's ${order.currency}`
    }
    return null
  }

  /**
   * Applies what the provider reports (a verified notification, or its answer to a query).
   * Paid: one transaction moves the order to paid — from pending, or from expired or failed as a
   * late payment, credited and flagged — and gives what it bought; a repeated, racing or
   * replayed report finds it paid and changes nothing. Failed: a pending order closes. A report
   * whose amount or currency differ from the order's is refused and recorded. Every verified
   * notification is recorded as a `notify` event; an answer to a query only when it changes the
   * order (a `query` event before the change), since the sweep asks the same order again and again
   * (`checked_at` says when it was last asked).
   */
  async function settle(payment: ProviderPayment, source: 'notify' | 'query'): Promise<SettleResult> {
    const report =
      `${source}: ${payment.state}, ${payment.amount} ${payment.currency}` +
      (payment.providerRef ? `, ref ${payment.providerRef}` : '')
    const order = await repo.findOrder(db, payment.orderNo)
    if (!order) {
      await event(null, EventKind.Refused, `${report}: no order ${payment.orderNo}`)
      log.warn({ orderNo: payment.orderNo, source }, 'payment refused: no such order')
      return { outcome: SettleOutcome.Refused, order: null, reason: 'unknown order' }
    }
    const problem = mismatch(order, payment)
    if (problem) {
      await event(order.id, EventKind.Refused, `${report}: ${problem}`)
      log.warn({ orderNo: order.orderNo, source, problem }, 'payment refused: it does not match the order')
      return { outcome: SettleOutcome.Refused, order, reason: problem }
    }
    if (source === 'notify') await event(order.id, EventKind.Notify, report)
    if (payment.state === 'pending') return { outcome: SettleOutcome.Unchanged, order }

    if (payment.state === 'failed') {
      const failed = await db.transaction(async (tx) => {
        const row = await repo.closePending(tx, order.id, OrderState.Failed, new Date(now()))
        if (!row) return null
        if (source === 'query') await event(order.id, EventKind.Query, report, tx)
        await event(order.id, EventKind.Failed, '', tx)
        return row
      })
      if (!failed) return { outcome: SettleOutcome.Unchanged, order: (await repo.findOrder(db, order.orderNo))! }
      return { outcome: SettleOutcome.Failed, order: failed }
    }

    const paid = await db.transaction(async (tx) => {
      const row = await repo.markPaid(tx, order.id, payment.providerRef, new Date(now()))
      if (!row) return null
      if (source === 'query') await event(row.id, EventKind.Query, report, tx)
      await deliver(tx, row)
      await writeMessage(tx, orderPaidMessage(row), new Date(now()))
      const detail = row.paidLate ? 'late: the order had expired or failed; credited, flagged for the operator' : ''
      await event(row.id, EventKind.Paid, detail, tx)
      return row
    })
    if (!paid) return { outcome: SettleOutcome.Unchanged, order: (await repo.findOrder(db, order.orderNo))! }
    if (paid.paidLate) {
      log.warn({ orderNo: paid.orderNo, source }, 'order paid late: credited and flagged (paid_late)')
    } else {
      log.info({ orderNo: paid.orderNo, source }, 'order paid')
    }
    return { outcome: SettleOutcome.Paid, order: paid }
  }

  /**
   * Asks the provider about an order and settles what it says; a pending order past its expiry
   * that the provider does not report paid closes as expired. One it reports paid stays as it
   * is even when the report is refused (amount or currency differ): the provider may have taken
   * money for it, so it is the operator's (a refused event and a warn line), never expired.
   * An order of another provider (PAYMENT_PROVIDER changed since) cannot be asked about: past its
   * expiry it closes as expired, so the app stops waiting for it. The sweep and `order:sync`.
   */
  async function sync(orderNo: string): Promise<SyncResult> {
    const order = await repo.findOrder(db, orderNo)
    if (!order) throw businessError(BusinessCode.OrderNotFound)
    const before = order.state as OrderState
    if (order.provider !== provider.name) {
      const reason = `the order was made with provider ${order.provider}, and PAYMENT_PROVIDER is ${provider.name}`
      const expired =
        now() >= order.expiresAt.getTime()
          ? await repo.closePending(db, order.id, OrderState.Expired, new Date(now()))
          : null
      if (expired) {
        await repo.appendEvent(db, {
          orderId: order.id,
          provider: order.provider,
          kind: EventKind.Expired,
          detail: `${reason}: it cannot be asked`,
          at: new Date(now()),
        })
        return { outcome: SettleOutcome.Expired, order: expired, reason, before, reported: null }
      }
      return { outcome: SettleOutcome.Unchanged, order, reason, before, reported: null }
    }
    await repo.markChecked(db, order.id, new Date(now()))
    const payment = await provider.queryPayment(orderNo)
    const reported = payment?.state ?? null
    const settled = payment ? await settle(payment, 'query') : { outcome: SettleOutcome.Unchanged, order }
    if (reported !== 'paid' && now() >= order.expiresAt.getTime()) {
      const expired = await repo.closePending(db, order.id, OrderState.Expired, new Date(now()))
      if (expired) {
        await event(
          order.id,
          EventKind.Expired,
          payment ? `the provider reports ${payment.state}` : 'unknown to the provider',
        )
        return { outcome: SettleOutcome.Expired, order: expired, before, reported }
      }
    }
    return { ...settled, order: (await repo.findOrder(db, orderNo)) ?? order, before, reported }
  }

  /**
   * Syncs the orders due to be asked about (repo.ordersToSweep), the least recently asked first (a
   * query that fails still counts as asked, so failing orders cannot starve the rest): pending
   * ones older than SWEEP_AFTER_MS at every sweep until they expire (recovers lost
   * notifications, closes expired orders), and those made within LATE_RECOVERY_MS that are
   * closed or were asked since their expiry once every LATE_RECHECK_MS (recovers late payments).
   * Pending orders of a previous provider, which this one cannot be asked about, close as
   * expired once past their expiry.
   */
  async function sweep(): Promise<{ checked: number; changed: number }> {
    const at = now()
    const orderNos = await repo.ordersToSweep(db, {
      provider: provider.name,
      now: new Date(at),
      madeAfter: new Date(at - LATE_RECOVERY_MS),
      madeBefore: new Date(at - SWEEP_AFTER_MS),
      askedBefore: new Date(at - LATE_RECHECK_MS),
      limit: deps.sweepBatch ?? SWEEP_BATCH,
    })
    let changed = 0
    for (const orderNo of orderNos) {
      try {
        const result = await sync(orderNo)
        if (result.outcome !== SettleOutcome.Unchanged && result.outcome !== SettleOutcome.Refused) changed++
      } catch (error) {
        log.error({ orderNo, err: loggableError(error) }, 'order sweep: could not sync the order')
      }
    }
    return { checked: orderNos.length, changed }
  }

  /**
   * Takes back what a paid order gave, once: diamonds as one ledger debit of diamonds and bonus,
   * only while the balance covers it; a membership shortened by the card's days. The money
   * itself goes back at the provider.
   */
  async function refund(orderNo: string): Promise<{ order: OrderRow; balance: number | null; vipExpire: Date | null }> {
    const order = await repo.findOrder(db, orderNo)
    if (!order) throw businessError(BusinessCode.OrderNotFound)
    if (order.state !== OrderState.Paid) {
      throw new RefundRefusedError(`order ${orderNo} is ${order.state}: only a paid order can be refunded`)
    }
    const amount = order.diamonds + order.bonusDiamonds
    let refused: string | null = null
    const done = await db
      .transaction(async (tx) => {
        const row = await repo.markRefunded(tx, order.id, new Date(now()))
        if (!row) throw new RefundRefusedError(`order ${orderNo} is no longer paid; nothing was changed`)
        let balance: number | null = null
        let vipExpire: Date | null = null
        if (row.kind === OrderKind.Diamonds) {
          balance = await wallet.debitIn(tx, row.userId, amount, {
            reason: LedgerReason.Refund,
            refType: RefType.Order,
            refId: row.id,
          })
          if (balance === null) {
            refused = `user ${row.userId} no longer has the ${amount} diamonds to take back`
            // Thrown, so the order's move to refunded rolls back too.
            throw new RefundRefusedError(refused)
          }
        } else {
          const change = await changeVip(tx, {
            userId: row.userId,
            tier: row.vipTier as CardTier,
            days: -row.vipDays,
            reason: VipReason.Refund,
            orderId: row.id,
            now: now(),
          })
          vipExpire = change.after
        }
        const what = row.kind === OrderKind.Diamonds ? `-${amount} diamonds` : `-${row.vipDays} days ${row.vipTier}`
        await event(row.id, EventKind.Refunded, what, tx)
        return { order: row, balance, vipExpire }
      })
      .catch(async (error: unknown) => {
        if (refused === null) throw error
        const balance = await wallet.balance(order.userId)
        throw new RefundRefusedError(`${refused} (balance ${balance}); nothing was changed`, { cause: error })
      })
    log.info({ orderNo }, 'order refunded')
    return done
  }

  return { submit, history, status, settle, sync, sweep, refund }
}

export type OrdersService = ReturnType<typeof createOrdersService>

/** What the running server shares with admin commands (order:sync, order:refund): its orders and provider. */
export interface PaymentServices {
  orders: OrdersService
  provider: PaymentProvider
}
