import type { VipStatus } from '../contracts/session.ts'

/** The three membership lines of the user info. */
export const VipTier = {
  Normal: 'normalVip',
  Supreme: 'supremeVip',
  Dark: 'darkVip',
} as const
export type VipTier = (typeof VipTier)[keyof typeof VipTier]

/** One membership line as it may arrive: any field, or the whole line, may be missing. */
export type VipLine = Partial<VipStatus> | null | undefined

/** Anything carrying the membership lines: a full UserInfo (core/contracts/session.ts) or part of one. */
export type VipHolder = Partial<Record<VipTier, VipLine>> | null | undefined

/**
 * The API's rule: a line is active when vipType > 0 and vipExpireInt > 0. A missing line or
 * field, or a non-number, is inactive. This does not compare the expiry with the clock — the
 * server reports vipType 0 once a membership lapses; see isVipActiveAt for a clock check.
 */
export function isVipActive(status: VipLine): boolean {
  return isPositive(status?.vipType) && isPositive(status?.vipExpireInt)
}

/**
 * isVipActive, and also not yet expired at `nowSeconds` (Unix seconds, passed in because core/
 * has no clock): vipExpireInt > nowSeconds. For screens that may show stale user info.
 */
export function isVipActiveAt(status: VipLine, nowSeconds: number): boolean {
  return isVipActive(status) && (status?.vipExpireInt ?? 0) > nowSeconds
}

/** 'SVIP' when the supreme line is active, 'VIP' when the normal or dark one is, else ''. */
export function vipLabel(user: VipHolder): 'SVIP' | 'VIP' | '' {
  if (isVipActive(user?.supremeVip)) return 'SVIP'
  if (isVipActive(user?.normalVip) || isVipActive(user?.darkVip)) return 'VIP'
  return ''
}

/** Order in which the expiry is shown: supreme, then dark, then normal. */
const EXPIRY_ORDER = [VipTier.Supreme, VipTier.Dark, VipTier.Normal] as const

/** The vipExpire text of the first active line in that order, or '' (also when it has none). */
export function vipExpiryShown(user: VipHolder): string {
  for (const tier of EXPIRY_ORDER) {
    const line = user?.[tier]
    if (isVipActive(line)) return typeof line?.vipExpire === 'string' ? line.vipExpire : ''
  }
  return ''
}

function isPositive(value: unknown): boolean {
  return typeof value === 'number' && value > 0
}
