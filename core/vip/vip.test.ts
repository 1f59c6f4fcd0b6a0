import { describe, expect, it } from 'vitest'
import type { UserInfo, VipStatus } from '../contracts/session.ts'
import { isVipActive, isVipActiveAt, vipExpiryShown, vipLabel, type VipHolder, type VipLine } from './vip.ts'

const off: VipStatus = { vipType: 0, vipExpireInt: 0, vipExpire: '' }
const on = (vipExpire: string, vipExpireInt = 1_800_000_000): VipStatus => ({ vipType: 1, vipExpireInt, vipExpire })

describe('isVipActive (vipType > 0 and vipExpireInt > 0)', () => {
  it.each<[VipLine, boolean]>([
    [on('2027-01-15 08:00:00'), true],
    [{ vipType: 2, vipExpireInt: 1 }, true],
    [off, false],
    [{ vipType: 1, vipExpireInt: 0, vipExpire: '' }, false],
    [{ vipType: 0, vipExpireInt: 1_800_000_000, vipExpire: 'x' }, false],
    [{ vipType: -1, vipExpireInt: 1_800_000_000 }, false],
    [{ vipType: 1, vipExpireInt: -5 }, false],
    [{ vipType: 1 }, false],
    [{ vipExpireInt: 1_800_000_000 }, false],
    [{ vipType: Number.NaN, vipExpireInt: 1 }, false],
    [{ vipType: '1', vipExpireInt: '1' } as unknown as VipLine, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (status, active) => {
    expect(isVipActive(status)).toBe(active)
  })

  it('ignores the clock; isVipActiveAt also needs the expiry ahead of now', () => {
    const line = on('', 1_000)
    expect(isVipActive(line)).toBe(true)
    expect(isVipActiveAt(line, 999)).toBe(true)
    expect(isVipActiveAt(line, 1_000)).toBe(false)
    expect(isVipActiveAt(off, 0)).toBe(false)
    expect(isVipActiveAt(undefined, 0)).toBe(false)
  })
})

describe('vipLabel and vipExpiryShown', () => {
  const normal = on('N')
  const dark = on('D')
  const supreme = on('S')
  it.each<[string, VipHolder, string, string]>([
    ['none', { normalVip: off, supremeVip: off, darkVip: off }, '', ''],
    ['normal only', { normalVip: normal, supremeVip: off, darkVip: off }, 'VIP', 'N'],
    ['dark only', { normalVip: off, supremeVip: off, darkVip: dark }, 'VIP', 'D'],
    ['supreme only', { normalVip: off, supremeVip: supreme, darkVip: off }, 'SVIP', 'S'],
    ['normal and dark', { normalVip: normal, supremeVip: off, darkVip: dark }, 'VIP', 'D'],
    ['all three', { normalVip: normal, supremeVip: supreme, darkVip: dark }, 'SVIP', 'S'],
    ['supreme and normal', { normalVip: normal, supremeVip: supreme }, 'SVIP', 'S'],
    ['missing lines', { normalVip: normal }, 'VIP', 'N'],
    ['null lines', { normalVip: null, supremeVip: null, darkVip: null }, '', ''],
    ['active without vipExpire text', { darkVip: { vipType: 1, vipExpireInt: 5 } }, 'VIP', ''],
    ['inactive line with text is skipped', { supremeVip: { vipType: 0, vipExpireInt: 5, vipExpire: 'S' } }, '', ''],
    ['empty user', {}, '', ''],
    ['null user', null, '', ''],
    ['undefined user', undefined, '', ''],
  ])('%s', (_name, user, label, expiry) => {
    expect(vipLabel(user)).toBe(label)
    expect(vipExpiryShown(user)).toBe(expiry)
  })

  it('accepts a full UserInfo', () => {
    const user: UserInfo = {
      id: 1,
      nickname: 'n',
      avatar: '',
      isGuest: true,
      normalVip: normal,
      supremeVip: off,
      darkVip: off,
      balance: 0,
      createdAt: 1,
      intro: '',
      account: '',
      mobile: '',
      credentialCreatedAt: 0,
    }
    expect(vipLabel(user)).toBe('VIP')
    expect(vipExpiryShown(user)).toBe('N')
  })
})
