import { createHmac, randomBytes as nodeRandomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { ORDER_ID_PATTERN, type PayType } from '../../../core/contracts/payments.ts'
import type { Db } from '../../db/client.ts'
import { sandboxPayments } from '../../db/schema/payments.ts'
import { createSecretLoader } from '../../db/server-secrets.ts'
import { loggableError } from '../../loggable-error.ts'
import type { PaymentsLog } from './orders.ts'
import {
  NotificationRefusedError,
  type Checkout,
  type IncomingNotification,
  type PaymentProvider,
  type PaymentProviderName,
  type ProviderPayment,
} from './provider.ts'

/** The checkout page's path: `/sandbox/pay/<checkoutId>` (sandbox-checkout-page.ts). */
export const SANDBOX_PAY_PATH = '/sandbox/pay/'
/** A notification signed further from the receiver's clock than this is refused (a replay). */
export const NOTIFY_TOLERANCE_SECONDS = 300
/** How long the sandbox waits for the server to answer its notification before giving up. */
const NOTIFY_TIMEOUT_MS = 5_000
export const TIMESTAMP_HEADER = 'x-pay-timestamp'
export const SIGNATURE_HEADER = 'x-pay-signature'
/** 16 random bytes, base64url. */
const CHECKOUT_ID = /^[A-Za-z0-9_-]{22}$/

const SANDBOX_PAY_TYPES: readonly PayType[] = [
  { code: 'alipay', name: '支付宝' },
  { code: 'wxpay', name: '微信支付' },
]

export const SandboxState = { Open: 'open', Paid: 'paid', Failed: 'failed' } as const
export type SandboxState = (typeof SandboxState)[keyof typeof SandboxState]
export type SandboxOutcome = typeof SandboxState.Paid | typeof SandboxState.Failed

export type SandboxCheckout = typeof sandboxPayments.$inferSelect

/** The notification's body: what a provider's webhook reports about one payment. */
const NotificationSchema = v.object({
  orderNo: v.pipe(v.string(), v.regex(ORDER_ID_PATTERN)),
  state: v.picklist(['pending', 'paid', 'failed']),
  amount: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  providerRef: v.pipe(v.string(), v.maxLength(128)),
})

/** Hex HMAC-SHA256 of `${timestamp}.` and the body's bytes: the X-Pay-Signature of a notification. */
export function signNotification(secret: Uint8Array, timestamp: string, rawBody: Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex')
}

/** Decodes only well-formed UTF-8: a body that is not is refused, never read with replacement characters. */
const utf8 = new TextDecoder('utf-8', { fatal: true })

export interface PaymentProviderDeps {
  db: Db
  /** Milliseconds, like Date.now. */
  now: () => number
  /**
   * Where this server takes notifications for the provider (`…/api/pay/notify/<name>`); null
   * while it is not listening (the admin CLI). The sandbox sends its own there.
   */
  notifyUrl: () => string | null
  log?: PaymentsLog
  randomBytes?: (size: number) => Uint8Array
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox'
  /** A checkout of the book, for its page; null when there is none. */
  checkout(checkoutId: string): Promise<SandboxCheckout | null>
  /**
   * Pays or fails an open checkout, once (the page's two buttons), then notifies the server
   * unless `notify` is false (tests of a lost notification). Null: no such checkout; `changed`
   * false: it was settled before, and nothing is sent again.
   */
  settle(
    checkoutId: string,
    outcome: SandboxOutcome,
    options?: { notify?: boolean },
  ): Promise<{ changed: boolean; checkout: SandboxCheckout } | null>
}

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox' && 'settle' in provider
}

/**
 * The development provider: it plays the provider's side on this server. Its book
 * (sandbox_payments) holds the checkouts; its checkout page takes the "payment"; its
 * notification travels over HTTP to this server's notify route, signed with a secret of its own
 * (`server_secrets.sandbox_payment`) exactly as a real provider's webhook is, so the path from
 * notification to credit is the one a real provider uses.
 */
export function createSandboxProvider(deps: PaymentProviderDeps): SandboxProvider {
  const { db, now } = deps
  const random = deps.randomBytes ?? ((size: number) => new Uint8Array(nodeRandomBytes(size)))
  const secret = createSecretLoader({
    db,
    name: 'sandbox_payment',
    now,
    ...(deps.randomBytes ? { randomBytes: deps.randomBytes } : {}),
  })

  const paymentOf = (row: SandboxCheckout): ProviderPayment => ({
    orderNo: row.orderNo,
    state: row.state === SandboxState.Open ? 'pending' : (row.state as SandboxOutcome),
    amount: row.amount,
    currency: row.currency,
    providerRef: row.checkoutId,
  })

  async function createCheckout(checkout: Checkout) {
    const checkoutId = Buffer.from(random(16)).toString('base64url')
    await db.insert(sandboxPayments).values({
      checkoutId,
      orderNo: checkout.orderNo,
      subject: checkout.subject,
      amount: checkout.amount,
      currency: checkout.currency,
      state: SandboxState.Open,
      createdAt: new Date(now()),
    })
    return { payUrl: `${SANDBOX_PAY_PATH}${checkoutId}`, providerRef: checkoutId }
  }

  async function verifyNotification(notification: IncomingNotification): Promise<ProviderPayment> {
    const timestamp = notification.headers[TIMESTAMP_HEADER] ?? ''
    const signature = notification.headers[SIGNATURE_HEADER] ?? ''
    if (!/^\d{1,12}$/.test(timestamp)) throw new NotificationRefusedError('timestamp missing or malformed')
    if (!/^[0-9a-f]{64}$/.test(signature)) throw new NotificationRefusedError('signature missing or malformed')
    if (Math.abs(Math.floor(now() / 1000) - Number(timestamp)) > NOTIFY_TOLERANCE_SECONDS) {
      throw new NotificationRefusedError('timestamp outside the tolerance')
    }
    const expected = Buffer.from(signNotification(await secret(), timestamp, notification.rawBody), 'hex')
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new NotificationRefusedError('bad signature')
    let body: unknown
    try {
      body = JSON.parse(utf8.decode(notification.rawBody))
    } catch {
      throw new NotificationRefusedError('body is not JSON')
    }
    const parsed = v.safeParse(NotificationSchema, body)
    if (!parsed.success) throw new NotificationRefusedError('body is not a payment')
    return parsed.output
  }

  async function queryPayment(orderNo: string): Promise<ProviderPayment | null> {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.orderNo, orderNo))
    return row ? paymentOf(row) : null
  }

  async function checkout(checkoutId: string): Promise<SandboxCheckout | null> {
    if (!CHECKOUT_ID.test(checkoutId)) return null
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.checkoutId, checkoutId))
    return row ?? null
  }

  /** Sends the signed notification and waits for the answer; false when it did not arrive (the sweep recovers). */
  async function notify(row: SandboxCheckout): Promise<boolean> {
    const url = deps.notifyUrl()
    if (!url) {
      deps.log?.warn({ orderNo: row.orderNo }, 'sandbox payment: no address to notify; the sweep will find it')
      return false
    }
    const body = Buffer.from(JSON.stringify(paymentOf(row)), 'utf8')
    const timestamp = String(Math.floor(now() / 1000))
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signNotification(await secret(), timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
      })
      await response.arrayBuffer()
      if (!response.ok) {
        deps.log?.warn({ orderNo: row.orderNo, status: response.status }, 'sandbox payment: notification refused')
      }
      return response.ok
    } catch (error) {
      deps.log?.warn(
        { orderNo: row.orderNo, err: loggableError(error) },
        'sandbox payment: notification not delivered; the sweep will find it',
      )
      return false
    }
  }

  async function settle(checkoutId: string, outcome: SandboxOutcome, options: { notify?: boolean } = {}) {
    if (!CHECKOUT_ID.test(checkoutId)) return null
    const [row] = await db
      .update(sandboxPayments)
      .set({ state: outcome, settledAt: new Date(now()) })
      .where(and(eq(sandboxPayments.checkoutId, checkoutId), eq(sandboxPayments.state, SandboxState.Open)))
      .returning()
    if (!row) {
      const existing = await checkout(checkoutId)
      return existing ? { changed: false, checkout: existing } : null
    }
    if (options.notify !== false) await notify(row)
    return { changed: true, checkout: row }
  }

  return {
    name: 'sandbox',
    payTypes: SANDBOX_PAY_TYPES,
    createCheckout,
    verifyNotification,
    queryPayment,
    checkout,
    settle,
  }
}

/** The provider PAYMENT_PROVIDER names. */
export function createPaymentProvider(name: PaymentProviderName, deps: PaymentProviderDeps): PaymentProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxProvider(deps)
  }
}
