import type { UserInfo, VipStatus } from '../../../core/contracts/session.ts'
import { formatDate } from '../../../core/format/date.ts'
import type { UserRow } from './repo.ts'

/** A lapsed line (expiry passed) reports vipType 0 with its last expiry: SPEC §5's inactive line. */
function vipStatus(vipType: number, expire: Date | null, now: Date): VipStatus {
  if (!expire) return { vipType, vipExpireInt: 0, vipExpire: '' }
  const vipExpireInt = Math.floor(expire.getTime() / 1000)
  return { vipType: expire > now ? vipType : 0, vipExpireInt, vipExpire: formatDate(vipExpireInt) }
}

/** The user info of SPEC §5 as of `now` (memberships that lapsed by then are inactive). */
export function toUserInfo(user: UserRow, now: Date): UserInfo {
  return {
    id: user.id,
    nickname: user.nickname || `游客${user.id}`,
    avatar: user.avatar,
    isGuest: user.isGuest,
    normalVip: vipStatus(user.normalVipType, user.normalVipExpire, now),
    supremeVip: vipStatus(user.supremeVipType, user.supremeVipExpire, now),
    darkVip: vipStatus(user.darkVipType, user.darkVipExpire, now),
    balance: user.balance,
    createdAt: Math.floor(user.createdAt.getTime() / 1000),
    intro: user.intro,
    account: user.account ?? '',
    mobile: user.mobile ?? '',
    credentialCreatedAt: user.credentialCreatedAt ? Math.floor(user.credentialCreatedAt.getTime() / 1000) : 0,
  }
}

/** What anyone may see of another user: no balance, login name, number or token. */
export function toPublicUserInfo(user: UserRow, now: Date) {
  const {
    balance: _balance,
    account: _account,
    mobile: _mobile,
    credentialCreatedAt: _made,
    ...rest
  } = toUserInfo(user, now)
  return rest
}
