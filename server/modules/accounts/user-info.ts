import type { UserInfo, VipStatus } from '../../../core/contracts/session.ts'
import { formatDate } from '../../../core/format/date.ts'
import type { UserRow } from './repo.ts'

function vipStatus(vipType: number, expire: Date | null): VipStatus {
  if (!expire) return { vipType, vipExpireInt: 0, vipExpire: '' }
  const vipExpireInt = Math.floor(expire.getTime() / 1000)
  return { vipType, vipExpireInt, vipExpire: formatDate(vipExpireInt) }
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    nickname: user.nickname || `游客${user.id}`,
    avatar: user.avatar,
    isGuest: user.isGuest,
    normalVip: vipStatus(user.normalVipType, user.normalVipExpire),
    supremeVip: vipStatus(user.supremeVipType, user.supremeVipExpire),
    darkVip: vipStatus(user.darkVipType, user.darkVipExpire),
    balance: user.balance,
    createdAt: Math.floor(user.createdAt.getTime() / 1000),
    intro: user.intro,
    account: user.account ?? '',
    mobile: user.mobile ?? '',
    credentialCreatedAt: user.credentialCreatedAt ? Math.floor(user.credentialCreatedAt.getTime() / 1000) : 0,
  }
}

/** What anyone may see of another user: no balance, login name, number or token. */
export function toPublicUserInfo(user: UserRow) {
  const {
    balance: _balance,
    account: _account,
    mobile: _mobile,
    credentialCreatedAt: _made,
    ...rest
  } = toUserInfo(user)
  return rest
}
