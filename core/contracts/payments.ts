import * as v from 'valibot'
import { CursorSchema, IdSchema, IntSchema, PlainTextSchema } from './fields.ts'
import { pageOf } from './media.ts'

/**
 * Buying diamonds and memberships (server/modules/payments/README.md). Prices are fen (CNY
 * cents, shown as ¥ with two decimals); diamonds are cents of the display unit as everywhere.
 * The app sends only ids: every price comes from the server's catalogue.
 */

/** The membership lines a card extends (core/vip/vip.ts VipTier names the user-info fields). */
export const CardTier = { Normal: 'normal', Supreme: 'supreme', Dark: 'dark' } as const
export type CardTier = (typeof CardTier)[keyof typeof CardTier]
export const CARD_TIERS = [CardTier.Normal, CardTier.Supreme, CardTier.Dark] as const

export const DiamondPackageSchema = v.object({
  id: IntSchema,
  diamonds: IntSchema,
  /** Credited as a ledger entry of its own; 0 when none. */
  bonusDiamonds: IntSchema,
  /** Fen. */
  price: IntSchema,
})
export type DiamondPackage = v.InferOutput<typeof DiamondPackageSchema>

/** A way to pay the provider offers, e.g. `{code: 'alipay', name: '支付宝'}`. */
export const PayTypeSchema = v.object({ code: v.string(), name: v.string() })
export type PayType = v.InferOutput<typeof PayTypeSchema>

/** gold/paytypeinfo: what /mine/diamondRecharge offers. */
export const PayTypeInfoSchema = v.object({
  packages: v.array(DiamondPackageSchema),
  payTypes: v.array(PayTypeSchema),
  /** The caller's diamonds now. */
  balance: IntSchema,
})
export type PayTypeInfo = v.InferOutput<typeof PayTypeInfoSchema>

export const VipCardSchema = v.object({
  id: IntSchema,
  tier: v.picklist(CARD_TIERS),
  days: IntSchema,
  /** Fen. */
  price: IntSchema,
  /** Fen, shown struck through; absent when the card is not discounted. */
  originalPrice: v.optional(IntSchema),
  /** One line each, e.g. 全站 VIP 视频免费看. */
  perks: v.array(v.string()),
})
export type VipCard = v.InferOutput<typeof VipCardSchema>

/** card/list: what /mine/vip offers. */
export const CardListSchema = v.object({
  cards: v.array(VipCardSchema),
  payTypes: v.array(PayTypeSchema),
})
export type CardList = v.InferOutput<typeof CardListSchema>

export const OrderKind = { Diamonds: 'diamonds', Vip: 'vip' } as const
export type OrderKind = (typeof OrderKind)[keyof typeof OrderKind]

/** pending → paid | failed | expired; paid → refunded. A late payment of an expired or failed order is paid too. */
export const OrderState = {
  Pending: 'pending',
  Paid: 'paid',
  Failed: 'failed',
  Expired: 'expired',
  Refunded: 'refunded',
} as const
export type OrderState = (typeof OrderState)[keyof typeof OrderState]
export const ORDER_STATES = [
  OrderState.Pending,
  OrderState.Paid,
  OrderState.Failed,
  OrderState.Expired,
  OrderState.Refunded,
] as const

/** Order numbers: `MQ` and 20 digits (UTC date and time to the second, then 6 random digits). */
export const ORDER_ID_PATTERN = /^MQ\d{20}$/

export const OrderIdSchema = v.pipe(v.string('must be text'), v.regex(ORDER_ID_PATTERN, 'must be an order number'))

export const RechargeSubmitRequestSchema = v.object({
  kind: v.picklist([OrderKind.Diamonds, OrderKind.Vip], 'must be diamonds or vip'),
  itemId: IdSchema,
  payType: v.pipe(PlainTextSchema, v.minLength(1, 'payType is required'), v.maxLength(32, 'payType is too long')),
})

export const RechargeSubmitResultSchema = v.object({
  orderId: v.string(),
  /** Where the browser goes to pay: the provider's checkout (same origin for the sandbox). */
  payUrl: v.string(),
})
export type RechargeSubmitResult = v.InferOutput<typeof RechargeSubmitResultSchema>

export const OrderSchema = v.object({
  orderId: v.string(),
  kind: v.picklist([OrderKind.Diamonds, OrderKind.Vip]),
  /** The package or card bought. */
  itemId: IntSchema,
  /** What was bought, as the checkout showed it, e.g. 100 钻石 or 至尊VIP 30天. */
  title: v.string(),
  /** Fen. */
  amount: IntSchema,
  /** Diamond orders: the diamonds and the bonus credited when paid; 0 for a card. */
  diamonds: IntSchema,
  bonusDiamonds: IntSchema,
  /** VIP orders: the tier and days; null and 0 for diamonds. */
  tier: v.nullable(v.picklist(CARD_TIERS)),
  days: IntSchema,
  payType: v.string(),
  state: v.picklist(ORDER_STATES),
  /** Unix seconds; paidAt 0 until paid. */
  createdAt: IntSchema,
  expiresAt: IntSchema,
  paidAt: IntSchema,
})
export type Order = v.InferOutput<typeof OrderSchema>

export const RechargeHistoryRequestSchema = v.object({ cursor: CursorSchema })
export const OrderPageSchema = pageOf(OrderSchema)
export type OrderPage = v.InferOutput<typeof OrderPageSchema>

export const RechargeStatusRequestSchema = v.object({ orderId: OrderIdSchema })

/** What a wallet ledger entry points at (a video bought, an order paid…). */
export const LedgerRefSchema = v.object({
  /** `video`, `collection`, `order`, `post`. */
  type: v.string(),
  /** The video's or collection's id; for an order its internal id (the number the user sees is in recharge/history). */
  id: IntSchema,
  /**
   * The video's or collection's title, the order's title (what was bought, e.g. 60 钻石), a post's
   * first 20 characters; '' when gone.
   */
  title: v.string(),
})

export const LedgerEntrySchema = v.object({
  id: IntSchema,
  /** Diamonds; positive credits, negative debits. */
  amount: IntSchema,
  balanceAfter: IntSchema,
  /**
   * Ledger reason: `video`, `collection`, `recharge`, `recharge-bonus`, `refund`, `post` (a post
   * bought), `creator-share` (an author's share of it), `invite-share` (an inviter's share of an
   * invitee's top-up), `admin: …`.
   */
  reason: v.string(),
  ref: v.nullable(LedgerRefSchema),
  createdAt: IntSchema,
})
export type LedgerEntry = v.InferOutput<typeof LedgerEntrySchema>

export const WalletLedgerRequestSchema = v.object({ cursor: CursorSchema })
export const LedgerPageSchema = pageOf(LedgerEntrySchema)
export type LedgerPage = v.InferOutput<typeof LedgerPageSchema>

/** Wallet ledger reasons the payments module writes. */
export const LedgerReason = {
  Recharge: 'recharge',
  RechargeBonus: 'recharge-bonus',
  Refund: 'refund',
} as const

/** Each tier's name, as order titles and the screens show it. */
export const CARD_TIER_NAMES: Record<CardTier, string> = {
  [CardTier.Normal]: 'VIP会员',
  [CardTier.Supreme]: '至尊会员',
  [CardTier.Dark]: '暗夜会员',
}
