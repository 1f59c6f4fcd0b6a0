import type { UserInfo, VipStatus } from '../../../core/contracts/session.ts'
import type { UserRow } from './repo.ts'

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000

/**
 * `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (SPEC §7). China has kept UTC+8 without daylight
 * saving since 1991, so a fixed offset is exact for every date this app stores.
 */
export function formatShanghaiDateTime(date: Date): string {
  return new Date(date.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

function vipStatus(vipType: number, expire: Date | null): VipStatus {
  if (!expire) return { vipType, vipExpireInt: 0, vipExpire: '' }
  return { vipType, vipExpireInt: Math.floor(expire.getTime() / 1000), vipExpire: formatShanghaiDateTime(expire) }
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
  }
}

/** What anyone may see of another user: no balance, no token. */
export function toPublicUserInfo(user: UserRow) {
  const { balance: _balance, ...rest } = toUserInfo(user)
  return rest
}
