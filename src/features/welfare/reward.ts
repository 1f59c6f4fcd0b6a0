import { CARD_TIER_NAMES } from '../../../core/contracts/payments.ts'
import type { Reward } from '../../../core/contracts/welfare.ts'
import { RewardKind } from '../../../core/contracts/welfare-rules.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { t } from '../../lib/messages-welfare.ts'

/** What a reward gives, as every welfare screen writes it: `+50 积分`, `+10 钻石`, `7天 至尊会员`. */
export function rewardText(reward: Reward): string {
  switch (reward.kind) {
    case RewardKind.Points:
      return t.welfare.reward.points(reward.amount)
    case RewardKind.Diamonds:
      // Diamonds travel in hundredths, as the wallet keeps them.
      return t.welfare.reward.diamonds(formatMoney(reward.amount))
    case RewardKind.Vip:
      return t.welfare.reward.vip(reward.days, CARD_TIER_NAMES[reward.tier])
  }
}

/** Whether a reward changes the session's user (balance or membership), so Mine needs user/info again. */
export function rewardChangesUser(reward: Reward): boolean {
  return reward.kind === RewardKind.Diamonds || reward.kind === RewardKind.Vip
}
