import { ORDER_ID_PATTERN, OrderKind } from '../../../core/contracts/payments.ts'
import { formatDate } from '../../../core/format/date.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { AppError } from '../../errors.ts'
import { createInvitationsService } from '../../modules/invitations/service.ts'
import { createPaymentCatalogue } from '../../modules/payments/catalogue.ts'
import { createOrdersService, RefundRefusedError, type PaymentsLog } from '../../modules/payments/orders.ts'
import { createPaymentProvider } from '../../modules/payments/sandbox-provider.ts'
import { createWalletService } from '../../modules/wallet/service.ts'
import { CommandError, UsageError, type AdminCommand, type AdminServices } from '../command.ts'

function orderNoOf(args: readonly string[]): string {
  const [text, ...extra] = args
  if (text === undefined) throw new UsageError('an order number is required')
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`)
  if (!ORDER_ID_PATTERN.test(text)) throw new UsageError(`${text}: not an order number (MQ and 20 digits)`)
  return text
}

/**
 * The running server's payments; without one, built here from the configuration like the
 * server builds them (the sandbox's query reads its book in the database). Its warnings show as
 * progress lines.
 */
function paymentsOf(services: AdminServices) {
  if (services.payments) return services.payments
  const { db, now, config } = services
  const line = (level: string) => (details: object, message: string) =>
    services.progress(`${level}: ${message} ${JSON.stringify(details)}`)
  const log: PaymentsLog = { info: () => {}, warn: line('warning'), error: line('error') }
  const provider = createPaymentProvider(config.paymentProvider, { db, now, log, notifyUrl: () => null })
  const wallet = createWalletService({ db, now })
  const orders = createOrdersService({
    db,
    now,
    provider,
    catalogue: createPaymentCatalogue({ db, provider }),
    wallet,
    log,
    onTopUpCredited: createInvitationsService({ db, now, config, wallet }).onTopUpCredited,
  })
  return { orders, provider }
}

/** An unknown order, or a refund the order's state or the user's balance does not allow, is the operator's to act on. */
async function refusalsAsCommandErrors<T>(orderNo: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof AppError && error.code === BusinessCode.OrderNotFound) {
      throw new CommandError(`no order ${orderNo}`, { cause: error })
    }
    if (error instanceof RefundRefusedError) throw new CommandError(error.message, { cause: error })
    throw error
  }
}

/** `order:sync <orderId>`: what the sweep does for one order, now. */
export const orderSync: AdminCommand = {
  usage: '<orderId>',
  summary:
    'ask the payment provider about an order and settle what it reports (a lost notification); closes it as expired when past its time',
  parse(args) {
    const orderNo = orderNoOf(args)
    return (services) =>
      refusalsAsCommandErrors(orderNo, async () => {
        const { orders, provider } = paymentsOf(services)
        const result = await orders.sync(orderNo)
        const { order } = result
        const moved = result.before === order.state ? `still ${order.state}` : `${result.before} → ${order.state}`
        const lines = [`order ${orderNo}: ${moved}${order.paidLate ? ' (paid late: flagged)' : ''}`]
        if (order.provider !== provider.name) {
          // A previous provider's order: not asked (it closes once past its expiry).
          lines.push(`  provider  ${order.provider}, not asked: PAYMENT_PROVIDER is ${provider.name}`)
        } else {
          lines.push(`  provider  ${order.provider} reports ${result.reported ?? 'no such payment'}`)
          if (result.reason) lines.push(`  refused   ${result.reason}`)
        }
        return lines.join('\n')
      })
  },
}

/** `order:refund <orderId>`: takes back what a paid order gave, once. */
export const orderRefund: AdminCommand = {
  usage: '<orderId>',
  summary:
    'reverse a paid order: diamonds debited (only while the balance covers them) or the VIP days taken off; the money goes back at the provider',
  parse(args) {
    const orderNo = orderNoOf(args)
    return (services) =>
      refusalsAsCommandErrors(orderNo, async () => {
        const { order, balance, vipExpire } = await paymentsOf(services).orders.refund(orderNo)
        if (order.kind === OrderKind.Diamonds) {
          const amount = order.diamonds + order.bonusDiamonds
          return `order ${orderNo} refunded: user ${order.userId} -${amount} (${formatMoney(amount)}), balance ${balance} (${formatMoney(balance)})`
        }
        const until = vipExpire ? formatDate(Math.floor(vipExpire.getTime() / 1000)) : '-'
        return `order ${orderNo} refunded: user ${order.userId} ${order.vipTier} -${order.vipDays} days, now until ${until}`
      })
  },
}
