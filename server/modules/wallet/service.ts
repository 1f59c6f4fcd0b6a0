import { PAGE_SIZE } from '../../../core/contracts/media.ts'
import type { LedgerPage } from '../../../core/contracts/payments.ts'
import type { PayResult } from '../../../core/contracts/play.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import * as repo from './repo.ts'
import { RefType } from './repo.ts'

/** Largest single credit or debit: keeps balances far inside a JavaScript safe integer. */
export const MAX_AMOUNT = 1_000_000_000_000

/** The ledger's cursor names its list, so another list's cursor is refused. */
const LEDGER_LIST = 'ledger'

/** What a ledger row says about a balance change made inside another module's transaction. */
export interface LedgerRef {
  reason: string
  refType: RefType
  refId: number
}

function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT) {
    throw new RangeError(`amount must be an integer from 1 to ${MAX_AMOUNT}`)
  }
}

export class UnknownUserError extends Error {
  override name = 'UnknownUserError'
}

/**
 * Every balance change goes through here: the balance update, the ledger row with the
 * balance after it, and the row paid for (a purchase) commit together or not at all.
 */
export function createWalletService(deps: { db: Db; now: () => number }) {
  const { db } = deps

  /** Adds diamonds (operators, later recharges and rewards); answers the new balance. */
  async function credit(userId: number, amount: number, reason: string): Promise<number> {
    checkAmount(amount)
    if (reason.trim() === '') throw new RangeError('reason must not be empty')
    return db.transaction(async (tx) => {
      const balance = await repo.creditBalance(tx, userId, amount)
      if (balance === null) throw new UnknownUserError(`no user with id ${userId}`)
      await repo.appendLedger(tx, {
        userId,
        amount,
        balanceAfter: balance,
        reason,
        refType: null,
        refId: null,
        at: new Date(deps.now()),
      })
      return balance
    })
  }

  /**
   * Credits inside the caller's transaction (a paid order), so the credit commits or rolls back
   * with the caller's other writes; answers the new balance. The caller guards against doing it
   * twice (the payments module's order transition); the ledger's unique index on
   * (ref_id, reason) for orders backs it.
   */
  async function creditIn(tx: Db, userId: number, amount: number, ref: LedgerRef): Promise<number> {
    checkAmount(amount)
    const balance = await repo.creditBalance(tx, userId, amount)
    if (balance === null) throw new UnknownUserError(`no user with id ${userId}`)
    await repo.appendLedger(tx, { userId, amount, balanceAfter: balance, ...ref, at: new Date(deps.now()) })
    return balance
  }

  /**
   * Debits inside the caller's transaction only while the balance covers it (a refund);
   * answers the new balance, or null without the balance (nothing written).
   */
  async function debitIn(tx: Db, userId: number, amount: number, ref: LedgerRef): Promise<number | null> {
    checkAmount(amount)
    const balance = await repo.debitIfEnough(tx, userId, amount)
    if (balance === null) return null
    await repo.appendLedger(tx, { userId, amount: -amount, balanceAfter: balance, ...ref, at: new Date(deps.now()) })
    return balance
  }

  /**
   * Buys a video once. The purchase row is inserted first (unique per user and video): a
   * retry or a racing twin finds it and is answered alreadyOwned without a charge. Without
   * the balance, the transaction rolls back and nothing is written.
   */
  async function payVideo(userId: number, videoId: number): Promise<PayResult> {
    const video = await repo.findVideoPrice(db, videoId)
    if (!video) throw businessError(BusinessCode.NotFound)
    if (video.price <= 0) throw businessError(BusinessCode.NotForSale)
    return db.transaction(async (tx) => {
      const owned = async () => ({ alreadyOwned: true, balance: (await repo.balanceOf(tx, userId)) ?? 0 })
      if (video.collectionId !== null && (await repo.ownsCollection(tx, userId, video.collectionId))) return owned()
      const at = new Date(deps.now())
      if (!(await repo.insertPurchase(tx, userId, video.id, video.price, at))) return owned()
      return charge(tx, userId, video.price, { reason: 'video', refType: RefType.Video, refId: video.id, at })
    })
  }

  /** Buys a whole collection once (unlocks each of its videos); as payVideo. */
  async function payCollection(userId: number, collectionId: number): Promise<PayResult> {
    const collection = await repo.findCollectionPrice(db, collectionId)
    if (!collection) throw businessError(BusinessCode.NotFound)
    if (collection.price <= 0) throw businessError(BusinessCode.NotForSale)
    return db.transaction(async (tx) => {
      const at = new Date(deps.now())
      if (!(await repo.insertCollectionPurchase(tx, userId, collection.id, collection.price, at))) {
        return { alreadyOwned: true, balance: (await repo.balanceOf(tx, userId)) ?? 0 }
      }
      const ref = { reason: 'collection', refType: RefType.Collection, refId: collection.id, at }
      return charge(tx, userId, collection.price, ref)
    })
  }

  async function charge(
    tx: Db,
    userId: number,
    price: number,
    ref: { reason: string; refType: RefType; refId: number; at: Date },
  ): Promise<PayResult> {
    const balance = await repo.debitIfEnough(tx, userId, price)
    // Thrown, so the transaction rolls back the purchase row inserted before.
    if (balance === null) throw businessError(BusinessCode.InsufficientBalance)
    await repo.appendLedger(tx, { userId, amount: -price, balanceAfter: balance, ...ref })
    return { alreadyOwned: false, balance }
  }

  /**
   * wallet/ledger: the user's own rows, newest first, in keyset pages by id. `ref` names what a
   * row paid for or was paid by: a video or a collection (its title), an order (its title, e.g.
   * 60 钻石, under the order's internal id), a post bought or sold (the beginning of its text);
   * null for an operator's credit.
   */
  async function ledger(userId: number, cursor: string | undefined): Promise<LedgerPage> {
    const after = decodeCursor(LEDGER_LIST, cursor)
    const rows = await repo.listLedger(db, userId, after?.id ?? null, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const last = shown.at(-1)
    return {
      items: shown.map((row) => ({
        id: row.id,
        amount: row.amount,
        balanceAfter: row.balanceAfter,
        reason: row.reason,
        ref: row.refType === null ? null : { type: row.refType, id: row.refId ?? 0, title: row.refTitle ?? '' },
        createdAt: Math.floor(row.createdAt.getTime() / 1000),
      })),
      nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor(LEDGER_LIST, { key: 0, id: last.id }) : null,
    }
  }

  return {
    credit,
    creditIn,
    debitIn,
    payVideo,
    payCollection,
    balance: async (userId: number) => (await repo.balanceOf(db, userId)) ?? 0,
    ledger,
  }
}

export type WalletService = ReturnType<typeof createWalletService>
