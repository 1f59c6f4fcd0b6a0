import { describe, expect, it } from 'vitest'
import { VipRequirement } from '../contracts/media.ts'
import { PlayLock } from '../contracts/play.ts'
import { playLock, vipUnlocks } from './entitlement.ts'
import { VipTier, type VipHolder } from './vip.ts'

const NOW = 1_800_000_000
const line = (expireInt: number) => ({ vipType: 1, vipExpireInt: expireInt, vipExpire: '' })
/** One line active (expiring after NOW) or expired (at NOW: not after it). */
const holder = (tier: VipTier, active: boolean): VipHolder => ({ [tier]: line(active ? NOW + 1 : NOW) })

describe('vipUnlocks', () => {
  const table: [number, VipTier, boolean][] = [
    [VipRequirement.Normal, VipTier.Normal, true],
    [VipRequirement.Normal, VipTier.Supreme, true],
    [VipRequirement.Normal, VipTier.Dark, true],
    [VipRequirement.Supreme, VipTier.Normal, false],
    [VipRequirement.Supreme, VipTier.Supreme, true],
    [VipRequirement.Supreme, VipTier.Dark, false],
    [VipRequirement.Dark, VipTier.Normal, false],
    [VipRequirement.Dark, VipTier.Supreme, true],
    [VipRequirement.Dark, VipTier.Dark, true],
  ]
  it.each(table)('requirement %i with an active %s line → %s; expired → false', (requirement, tier, unlocks) => {
    expect(vipUnlocks(requirement, holder(tier, true), NOW)).toBe(unlocks)
    expect(vipUnlocks(requirement, holder(tier, false), NOW)).toBe(false)
  })

  it.each([0, 4, -1, 1.5])('requirement %s is opened by no line', (requirement) => {
    const all = { ...holder(VipTier.Normal, true), ...holder(VipTier.Supreme, true), ...holder(VipTier.Dark, true) }
    expect(vipUnlocks(requirement, all, NOW)).toBe(false)
  })

  it('needs vipType > 0 as well as a future expiry', () => {
    expect(vipUnlocks(1, { normalVip: { vipType: 0, vipExpireInt: NOW + 100 } }, NOW)).toBe(false)
    expect(vipUnlocks(1, null, NOW)).toBe(false)
  })
})

describe('playLock', () => {
  const none: VipHolder = {}
  const supreme = holder(VipTier.Supreme, true)
  it.each([
    ['free', { price: 0, vip: 0 }, { vip: none, bought: false }, PlayLock.None],
    ['priced, not bought', { price: 500, vip: 0 }, { vip: supreme, bought: false }, PlayLock.Price],
    ['priced, bought', { price: 500, vip: 0 }, { vip: none, bought: true }, PlayLock.None],
    ['VIP, no line', { price: 0, vip: 2 }, { vip: none, bought: false }, PlayLock.Vip],
    ['VIP, matching line', { price: 0, vip: 2 }, { vip: supreme, bought: false }, PlayLock.None],
    ['VIP, expired line', { price: 0, vip: 2 }, { vip: holder(VipTier.Supreme, false), bought: false }, PlayLock.Vip],
    ['VIP and priced, matching line', { price: 500, vip: 3 }, { vip: supreme, bought: false }, PlayLock.None],
    ['VIP and priced, bought', { price: 500, vip: 3 }, { vip: none, bought: true }, PlayLock.None],
    ['VIP and priced, neither', { price: 500, vip: 3 }, { vip: none, bought: false }, PlayLock.Price],
  ])('%s', (_, item, viewer, lock) => {
    expect(playLock(item, viewer, NOW)).toBe(lock)
  })
})
