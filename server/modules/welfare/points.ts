import { and, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { pointsBalances, pointsLedger } from '../../db/schema/welfare.ts'

/** What a points ledger row points at (points_ledger.ref_type). */
export const PointsRefType = {
  TaskClaim: 'task-claim',
  Exchange: 'exchange',
  CodeUse: 'code-use',
  /** An invitee's user id: the inviter's reward when the invitee registered. */
  Invite: 'invite',
} as const
export type PointsRefType = (typeof PointsRefType)[keyof typeof PointsRefType]

/** A null ref only for an operator's or the demo seed's points (reason `admin: …`, `demo: …`; the audit checks it). */
export interface PointsRef {
  reason: string
  refType: PointsRefType | null
  refId: number | null
}

/**
 * Adds points inside the caller's transaction: the balance (and lifetime) and the ledger row
 * with the balance after it. The ledger's unique (ref, reason) makes a second credit for the same
 * row fail, so a retried flow rolls back instead of paying twice. Answers the new balance.
 */
export async function creditPointsIn(tx: Db, userId: number, amount: number, ref: PointsRef, at: Date) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer')
  const [row] = await tx
    .insert(pointsBalances)
    .values({ userId, balance: amount, lifetime: amount })
    .onConflictDoUpdate({
      target: pointsBalances.userId,
      set: {
        balance: sql`${pointsBalances.balance} + ${amount}`,
        lifetime: sql`${pointsBalances.lifetime} + ${amount}`,
      },
    })
    .returning({ balance: pointsBalances.balance })
  await tx.insert(pointsLedger).values({ userId, amount, balanceAfter: row!.balance, ...ref, createdAt: at })
  return row!.balance
}

/**
 * Takes points only while the balance covers them, in one statement (concurrent debits wait on
 * the row lock and re-check), then the ledger row. Null: not enough, nothing changed.
 */
export async function debitPointsIn(tx: Db, userId: number, amount: number, ref: PointsRef, at: Date) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer')
  const [row] = await tx
    .update(pointsBalances)
    .set({ balance: sql`${pointsBalances.balance} - ${amount}` })
    .where(and(eq(pointsBalances.userId, userId), gte(pointsBalances.balance, amount)))
    .returning({ balance: pointsBalances.balance })
  if (!row) return null
  await tx.insert(pointsLedger).values({ userId, amount: -amount, balanceAfter: row.balance, ...ref, createdAt: at })
  return row.balance
}
