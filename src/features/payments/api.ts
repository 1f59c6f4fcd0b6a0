import { atom, type Getter } from 'jotai'
import * as v from 'valibot'
import type { RequestOf } from '../../../core/contracts/call.ts'
import {
  cardList,
  goldPaytypeinfo,
  rechargeHistory,
  rechargeStatus,
  rechargeSubmit,
  walletLedger,
} from '../../../core/contracts/calls-payments.ts'
import { userInfo } from '../../../core/contracts/calls.ts'
import { CardTier, type LedgerPage, type Order, type OrderPage } from '../../../core/contracts/payments.ts'
import { UserInfoSchema, type UserInfo } from '../../../core/contracts/session.ts'
import { VipTier } from '../../../core/vip/vip.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages-payments.ts'
import type { ReadResult } from '../../lib/offline-reads.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'
import { tokenAtom, updateSessionUserAtom } from '../session/public.ts'

/** gold/paytypeinfo: packages, pay types and the balance, asked again on each visit. */
export const payTypeInfoQuery = queryAtoms((get) => get(apiAtom).call(goldPaytypeinfo))

/** card/list: the membership cards and pay types. */
export const cardListQuery = queryAtoms((get) => get(apiAtom).call(cardList))

/** recharge/submit: only ids go out; the server prices the item from its catalogue. */
export const submitOrderAtom = atom(null, (get, _set, order: RequestOf<typeof rechargeSubmit>) =>
  get(apiAtom).call(rechargeSubmit, { kind: order.kind, itemId: order.itemId, payType: order.payType }),
)

/** recharge/status, asked by the order page while it waits. */
export const fetchOrderAtom = atom(null, (get, _set, orderId: string): Promise<Order> =>
  get(apiAtom).call(rechargeStatus, { orderId }),
)

/**
 * Asks user/info again and makes the answer the session's user, so Mine and the player show the
 * balance and membership a payment has just changed. Resolves with the user, or null when the
 * session changed meanwhile (a login or logout) and the answer was dropped.
 */
export const refreshSessionUserAtom = atom(null, async (get, set): Promise<UserInfo | null> => {
  const token = get(tokenAtom)
  // Parsed again to leave the session token out of the user.
  const own = v.safeParse(UserInfoSchema, await get(apiAtom).call(userInfo, {}))
  if (!own.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
  if (get(tokenAtom) !== token) return null
  await set(updateSessionUserAtom, own.output)
  return own.output
})

/** The user-info line of a card tier (core/vip/vip.ts). */
export const VIP_LINE_OF: Record<CardTier, VipTier> = {
  [CardTier.Normal]: VipTier.Normal,
  [CardTier.Supreme]: VipTier.Supreme,
  [CardTier.Dark]: VipTier.Dark,
}

/** SPEC §5's order of the tiers on screen: supreme, dark, normal. */
export const TIER_ORDER = [CardTier.Supreme, CardTier.Dark, CardTier.Normal] as const

/** One of the records' lists: its identity and pages (the catalogue's paged list takes them). */
export interface RecordSource<R> {
  /** The call and the user, so one account never sees another's records. */
  key: string
  fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<R>>
}

const cursorBody = (cursor: string | undefined) => (cursor === undefined ? {} : { cursor })
const live = <R>(data: R): ReadResult<R> => ({ data, stale: false, savedAt: Date.now() })

// The records are read live, never from the offline store: an order's state changes (pending →
// paid), and a stored page would show the old one as if it were now.

/** recharge/history, newest first. */
export function ordersSource(userId: number | null): RecordSource<OrderPage> {
  return {
    key: `payments:${rechargeHistory.name}:${userId ?? 0}`,
    fetchPage: async (get, cursor) => live(await get(apiAtom).call(rechargeHistory, cursorBody(cursor))),
  }
}

/** wallet/ledger, newest first. */
export function ledgerSource(userId: number | null): RecordSource<LedgerPage> {
  return {
    key: `payments:${walletLedger.name}:${userId ?? 0}`,
    fetchPage: async (get, cursor) => live(await get(apiAtom).call(walletLedger, cursorBody(cursor))),
  }
}
