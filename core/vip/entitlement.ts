import { VipRequirement } from '../contracts/media.ts'
import { PlayLock } from '../contracts/play.ts'
import { isVipActiveAt, VipTier, type VipHolder } from './vip.ts'

/**
 * Which active membership lines unlock each requirement (our rule): normal content
 * opens for any line; supreme content only for supreme; dark content for dark or supreme.
 */
const UNLOCKED_BY: Record<VipRequirement, readonly VipTier[]> = {
  [VipRequirement.None]: [],
  [VipRequirement.Normal]: [VipTier.Normal, VipTier.Supreme, VipTier.Dark],
  [VipRequirement.Supreme]: [VipTier.Supreme],
  [VipRequirement.Dark]: [VipTier.Dark, VipTier.Supreme],
}

/** Whether `user` holds a line, active at `nowSeconds`, that opens `requirement` (> 0). */
export function vipUnlocks(requirement: number, user: VipHolder, nowSeconds: number): boolean {
  const tiers = UNLOCKED_BY[requirement as VipRequirement] ?? []
  return tiers.some((tier) => isVipActiveAt(user?.[tier], nowSeconds))
}

export interface Sellable {
  /** Diamonds; 0 when not sold. */
  price: number
  /** VipRequirement 0–3. */
  vip: number
}

export interface Viewer {
  vip: VipHolder
  /** The video, or its collection, is bought. */
  bought: boolean
}

/**
 * Why `item` does not play for `viewer` at `nowSeconds` (PlayLock.None: it plays). Free items
 * play; a bought item plays; a VIP item plays for a matching active line. An item that needs
 * both is opened by either. A locked item says Price when it can be bought, else Vip.
 */
export function playLock(item: Sellable, viewer: Viewer, nowSeconds: number): PlayLock {
  if (item.price <= 0 && item.vip <= 0) return PlayLock.None
  if (viewer.bought) return PlayLock.None
  if (item.vip > 0 && vipUnlocks(item.vip, viewer.vip, nowSeconds)) return PlayLock.None
  return item.price > 0 ? PlayLock.Price : PlayLock.Vip
}
