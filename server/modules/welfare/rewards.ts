import { CARD_TIERS, type CardTier } from '../../../core/contracts/payments.ts'
import type { Reward } from '../../../core/contracts/welfare.ts'
import { RewardKind } from '../../../core/contracts/welfare-rules.ts'
import type { Db } from '../../db/client.ts'
import { changeVip } from '../payments/vip.ts'
import { RefType } from '../wallet/repo.ts'
import type { WelfareDeps } from './deps.ts'
import { creditPointsIn, PointsRefType } from './points.ts'

/** A reward as the welfare tables store it (rewardColumns in server/db/schema/welfare.ts). */
export interface RewardColumns {
  rewardKind: string
  rewardAmount: number
  rewardTier: string | null
}

export function rewardOf(row: RewardColumns): Reward {
  if (row.rewardKind === RewardKind.Vip) {
    const tier = CARD_TIERS.find((t) => t === row.rewardTier)
    if (!tier) throw new Error(`reward tier ${String(row.rewardTier)} is not a card tier`)
    return { kind: RewardKind.Vip, tier, days: row.rewardAmount }
  }
  if (row.rewardKind === RewardKind.Points || row.rewardKind === RewardKind.Diamonds) {
    return { kind: row.rewardKind, amount: row.rewardAmount }
  }
  throw new Error(`unknown reward kind ${row.rewardKind}`)
}

export function columnsOf(reward: Reward): RewardColumns {
  return reward.kind === RewardKind.Vip
    ? { rewardKind: reward.kind, rewardAmount: reward.days, rewardTier: reward.tier }
    : { rewardKind: reward.kind, rewardAmount: reward.amount, rewardTier: null }
}

/**
 * What paid a reward: the row inserted first (a task claim, an exchange, a code use). Its
 * ref type is the same word in the points and wallet ledgers; `reason` is the ledgers' reason
 * (and vip_ledger's, which has no ref: the audit matches its rows by user, reason, tier, days
 * and time).
 */
export const RewardSource = {
  TaskClaim: { refType: 'task-claim', reason: 'task' },
  Exchange: { refType: 'exchange', reason: 'exchange-reward' },
  CodeUse: { refType: 'code-use', reason: 'redeem-code' },
} as const satisfies Record<string, { refType: PointsRefType & RefType; reason: string }>
export type RewardSource = (typeof RewardSource)[keyof typeof RewardSource]

/** The points an exchange costs: its debit row, beside its reward's (RewardSource.Exchange). */
export const ExchangeDebit = { refType: PointsRefType.Exchange, reason: 'exchange' } as const

/**
 * Pays a reward inside the caller's transaction, after the row that makes it once (claim,
 * exchange, code use) was inserted: points to the points ledger, diamonds through the wallet,
 * VIP days through the membership line payments extends for cards.
 */
export async function payRewardIn(
  tx: Db,
  deps: Pick<WelfareDeps, 'wallet'>,
  userId: number,
  reward: Reward,
  source: RewardSource,
  refId: number,
  at: Date,
) {
  const ref = { reason: source.reason, refType: source.refType, refId }
  switch (reward.kind) {
    case RewardKind.Points:
      await creditPointsIn(tx, userId, reward.amount, ref, at)
      return
    case RewardKind.Diamonds:
      await deps.wallet.creditIn(tx, userId, reward.amount, ref)
      return
    case RewardKind.Vip:
      await changeVip(tx, {
        userId,
        tier: reward.tier satisfies CardTier,
        days: reward.days,
        reason: source.reason,
        orderId: null,
        now: at.getTime(),
      })
  }
}
