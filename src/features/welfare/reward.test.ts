import { describe, expect, it } from 'vitest'
import { rewardChangesUser, rewardText } from './reward.ts'

describe('rewardText', () => {
  it.each([
    [{ kind: 'points', amount: 50 } as const, '+50 积分'],
    [{ kind: 'diamonds', amount: 1000 } as const, '+10 钻石'],
    [{ kind: 'diamonds', amount: 1050 } as const, '+10.50 钻石'],
    [{ kind: 'vip', tier: 'supreme', days: 7 } as const, '7天 至尊会员'],
    [{ kind: 'vip', tier: 'normal', days: 1 } as const, '1天 VIP会员'],
  ])('%o → %s', (reward, text) => {
    expect(rewardText(reward)).toBe(text)
  })

  it('says diamonds and VIP days change the user, points do not', () => {
    expect(rewardChangesUser({ kind: 'points', amount: 5 })).toBe(false)
    expect(rewardChangesUser({ kind: 'diamonds', amount: 5 })).toBe(true)
    expect(rewardChangesUser({ kind: 'vip', tier: 'dark', days: 3 })).toBe(true)
  })
})
