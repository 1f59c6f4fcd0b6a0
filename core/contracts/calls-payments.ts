import { defineCall } from './call.ts'
import {
  CardListSchema,
  LedgerPageSchema,
  OrderPageSchema,
  OrderSchema,
  PayTypeInfoSchema,
  RechargeHistoryRequestSchema,
  RechargeStatusRequestSchema,
  RechargeSubmitRequestSchema,
  RechargeSubmitResultSchema,
  WalletLedgerRequestSchema,
} from './payments.ts'

/** Buying diamonds and memberships, and the wallet's ledger: call entries like calls.ts's, in a module of their own that only lazy pages import (registry.ts). */

// payments: buying diamonds and memberships (server/modules/payments/README.md).
export const goldPaytypeinfo = defineCall({
  name: 'gold/paytypeinfo',
  idempotent: true,
  secured: true,
  module: 'payments',
  response: PayTypeInfoSchema,
})
export const cardList = defineCall({
  name: 'card/list',
  idempotent: true,
  secured: true,
  module: 'payments',
  response: CardListSchema,
})
export const rechargeSubmit = defineCall({
  name: 'recharge/submit',
  secured: true,
  module: 'payments',
  request: RechargeSubmitRequestSchema,
  response: RechargeSubmitResultSchema,
})
export const rechargeHistory = defineCall({
  name: 'recharge/history',
  idempotent: true,
  secured: true,
  module: 'payments',
  request: RechargeHistoryRequestSchema,
  response: OrderPageSchema,
})
/** Our addition: the order page polls it while the payment is under way. */
export const rechargeStatus = defineCall({
  name: 'recharge/status',
  idempotent: true,
  secured: true,
  module: 'payments',
  request: RechargeStatusRequestSchema,
  response: OrderSchema,
})
/** Our addition: the user's own diamond ledger, newest first. */
export const walletLedger = defineCall({
  name: 'wallet/ledger',
  idempotent: true,
  secured: true,
  module: 'wallet',
  request: WalletLedgerRequestSchema,
  response: LedgerPageSchema,
})
