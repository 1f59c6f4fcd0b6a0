import { and, asc, eq } from 'drizzle-orm'
import { MAX_ID } from '../../../core/contracts/fields.ts'
import { ORDER_ID_PATTERN } from '../../../core/contracts/payments.ts'
import { formatDate } from '../../../core/format/date.ts'
import { formatMoney, formatPrice } from '../../../core/format/money.ts'
import { paymentEvents, paymentOrders, vipLedger } from '../../db/schema/payments.ts'
import { walletLedger } from '../../db/schema/wallet.ts'
import { CommandError, UsageError, type AdminCommand } from '../command.ts'

const at = (date: Date | null) => (date ? formatDate(Math.floor(date.getTime() / 1000)) : '-')
const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

/**
 * `order:show <orderNo|id>`: an order as the operator investigates it — what was bought and
 * paid, its state and times, the provider's reference — with everything that happened to it
 * (payment_events) and every row it produced in the wallet and membership ledgers.
 */
export const orderShow: AdminCommand = {
  usage: '<orderNo|id>',
  summary:
    'show an order (its number MQ…, or internal id): state, amount, provider, events and the ledger rows it produced',
  parse(args) {
    const [text, ...extra] = args
    if (text === undefined) throw new UsageError('an order number or id is required')
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`)
    const byNumber = ORDER_ID_PATTERN.test(text)
    if (!byNumber && !(/^[1-9]\d*$/.test(text) && Number(text) <= MAX_ID)) {
      throw new UsageError(`${text}: not an order number (MQ and 20 digits) or id`)
    }
    return async ({ db }) => {
      const [order] = await db
        .select()
        .from(paymentOrders)
        .where(byNumber ? eq(paymentOrders.orderNo, text) : eq(paymentOrders.id, Number(text)))
      if (!order) throw new CommandError(`no order ${text}`)
      const events = await db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, order.id))
        .orderBy(asc(paymentEvents.id))
      const wallet = await db
        .select()
        .from(walletLedger)
        .where(and(eq(walletLedger.refType, 'order'), eq(walletLedger.refId, order.id)))
        .orderBy(asc(walletLedger.id))
      const vip = await db.select().from(vipLedger).where(eq(vipLedger.orderId, order.id)).orderBy(asc(vipLedger.id))

      // A row of another user than the order's is a fault wallet:audit reports; shown here as such.
      const whose = (userId: number) => (userId === order.userId ? '' : `  (user ${userId}!)`)
      const item =
        order.kind === 'vip'
          ? `card #${order.itemId}: ${order.vipTier} ${order.vipDays} days`
          : `package #${order.itemId}: ${order.diamonds} (${formatMoney(order.diamonds)}) + bonus ` +
            `${order.bonusDiamonds} (${formatMoney(order.bonusDiamonds)}) diamonds`
      const ledger = [
        ...wallet.map(
          (row) =>
            `  wallet #${row.id}  ${at(row.createdAt)}  ${row.reason}  ${signed(row.amount)} (${formatMoney(row.amount)})` +
            `  balance ${row.balanceAfter} (${formatMoney(row.balanceAfter)})${whose(row.userId)}`,
        ),
        ...vip.map(
          (row) =>
            `  membership #${row.id}  ${at(row.createdAt)}  ${row.reason}  ${row.tier} ${signed(row.days)} days` +
            `  expiry ${at(row.expireBefore)} → ${at(row.expireAfter)}${whose(row.userId)}`,
        ),
      ]
      return [
        `order ${order.orderNo} (#${order.id})`,
        `  user       ${order.userId}`,
        `  kind       ${order.kind}`,
        `  title      ${order.title}`,
        `  item       ${item}`,
        `  amount     ${formatPrice(order.amount)} (${order.amount} fen, ${order.currency})`,
        `  pay type   ${order.payType}`,
        `  state      ${order.state}`,
        `  paid late  ${order.paidLate ? 'yes (paid after it had expired or failed)' : 'no'}`,
        `  created    ${at(order.createdAt)}`,
        `  expires    ${at(order.expiresAt)}`,
        `  paid       ${at(order.paidAt)}`,
        `  closed     ${at(order.closedAt)}`,
        `  provider   ${order.provider}, ref ${order.providerRef ?? '-'}`,
        `events (${events.length}):`,
        ...events.map(
          (event) =>
            `  #${event.id}  ${at(event.createdAt)}  ${event.provider} ${event.kind}` +
            (event.detail ? `  ${event.detail}` : ''),
        ),
        `ledger rows (${ledger.length}):`,
        ...ledger,
      ].join('\n')
    }
  },
}
