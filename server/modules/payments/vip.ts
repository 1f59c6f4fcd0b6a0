import { eq } from 'drizzle-orm'
import { CardTier } from '../../../core/contracts/payments.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { vipLedger } from '../../db/schema/payments.ts'

const DAY_MS = 24 * 3600_000

/** The users columns of each membership line, by their drizzle keys. */
const LINES = {
  [CardTier.Normal]: { type: 'normalVipType', expire: 'normalVipExpire' },
  [CardTier.Supreme]: { type: 'supremeVipType', expire: 'supremeVipExpire' },
  [CardTier.Dark]: { type: 'darkVipType', expire: 'darkVipExpire' },
} as const satisfies Record<
  CardTier,
  { type: keyof typeof users.$inferSelect; expire: keyof typeof users.$inferSelect }
>

export const VipReason = { Order: 'order', Refund: 'refund' } as const
export type VipReason = (typeof VipReason)[keyof typeof VipReason]

export interface VipChange {
  userId: number
  tier: CardTier
  /** Positive extends, negative shortens. */
  days: number
  /** A VipReason for an order's rows; welfare's rewards bring their own (server/modules/welfare/rewards.ts). */
  reason: VipReason | (string & {})
  /** The order it is for; null for a reward (no order). */
  orderId: number | null
  /** Milliseconds, like Date.now. */
  now: number
}

/**
 * Moves a membership line's expiry by `days` inside the caller's transaction, with its
 * vip_ledger row. Extending starts from the later of now and the current expiry, so days
 * bought while a line is active add to it and a lapsed line starts afresh; shortening moves
 * the expiry back, and a line moved into the past has lapsed (its type stays: entitlement
 * compares the expiry with the clock). The user's row is locked first, so two changes of one
 * line apply one after the other. Answers the expiry before and after.
 */
export async function changeVip(tx: Db, change: VipChange): Promise<{ before: Date | null; after: Date }> {
  const line = LINES[change.tier]
  const [row] = await tx
    .select({ expire: users[line.expire] })
    .from(users)
    .where(eq(users.id, change.userId))
    .for('update')
  if (!row) throw new Error(`no user with id ${change.userId}`)
  const before = row.expire
  const current = before?.getTime() ?? change.now
  const from = change.days > 0 ? Math.max(change.now, current) : current
  const after = new Date(from + change.days * DAY_MS)
  await tx
    .update(users)
    .set(change.days > 0 ? { [line.type]: 1, [line.expire]: after } : { [line.expire]: after })
    .where(eq(users.id, change.userId))
  await tx.insert(vipLedger).values({
    userId: change.userId,
    tier: change.tier,
    days: change.days,
    expireBefore: before,
    expireAfter: after,
    reason: change.reason,
    orderId: change.orderId,
    createdAt: new Date(change.now),
  })
  return { before, after }
}
