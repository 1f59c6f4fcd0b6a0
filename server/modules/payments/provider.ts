import type { PayType } from '../../../core/contracts/payments.ts'

/**
 * A payment provider: where the money is actually taken. The server never sees card or
 * account details; it sends the browser to the provider's checkout, learns the outcome from
 * the provider's signed notification (a webhook), and can ask the provider about an order
 * whose notification never came. The sandbox (sandbox-provider.ts) is one; a real one
 * implements the same (README.md, "Plugging in a real provider").
 */
export interface PaymentProvider {
  /** As PAYMENT_PROVIDER names it, and in the notification path `/api/pay/notify/<name>`. */
  readonly name: string
  /** What gold/paytypeinfo and card/list offer; recharge/submit refuses any other code. */
  readonly payTypes: readonly PayType[]
  /** Opens a checkout for an order; `payUrl` is where the browser goes to pay. */
  createCheckout(checkout: Checkout): Promise<{ payUrl: string; providerRef?: string }>
  /**
   * Checks a notification as it arrived over HTTP — signature, freshness — and reads the
   * payment it reports. Rejects with NotificationRefusedError when it cannot be trusted.
   * A promise: a provider's key may have to be loaded first (the sandbox keeps its secret in
   * the database; a real provider may fetch its current certificate).
   */
  verifyNotification(notification: IncomingNotification): Promise<ProviderPayment>
  /** What the provider knows of an order (the sweep and order:sync); null when it has none. */
  queryPayment(orderNo: string): Promise<ProviderPayment | null>
}

export interface Checkout {
  orderNo: string
  /** What is bought, shown on the checkout (the order's title). */
  subject: string
  /** Fen. */
  amount: number
  currency: string
  payType: string
  /** Milliseconds: the provider should not take payment after it. */
  expiresAt: number
  /** Where the provider sends the browser back when done: the app's order page. */
  returnPath: string
}

export interface IncomingNotification {
  /** Lower-case header names. */
  headers: Readonly<Record<string, string | undefined>>
  /** The body's bytes exactly as they arrived, undecoded: signatures are over these bytes. */
  rawBody: Uint8Array
}

/** A payment as the provider reports it. */
export interface ProviderPayment {
  orderNo: string
  state: 'pending' | 'paid' | 'failed'
  /** Fen and currency the provider took: compared with the order's before anything is credited. */
  amount: number
  currency: string
  /** The provider's own id for the payment. */
  providerRef: string
}

/** A notification that is not trusted (bad signature, stale, malformed): answered 401, nothing changed. */
export class NotificationRefusedError extends Error {
  override name = 'NotificationRefusedError'
}

/** The providers PAYMENT_PROVIDER may name. */
export const PAYMENT_PROVIDERS = ['sandbox'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]
