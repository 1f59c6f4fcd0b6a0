import { VipRequirement } from '../../../core/contracts/media.ts'
import { CardTier } from '../../../core/contracts/payments.ts'
import type { Db } from '../client.ts'
import { diamondPackages, vipCards } from '../schema/payments.ts'

/**
 * The demo's things for sale (gold/paytypeinfo, card/list). Diamonds in cents, prices in fen:
 * ¥1 buys 10 diamonds, and larger packages add a growing bonus.
 */
export const DEMO_PACKAGES: { diamonds: number; bonusDiamonds: number; price: number }[] = [
  { diamonds: 6_000, bonusDiamonds: 0, price: 600 },
  { diamonds: 30_000, bonusDiamonds: 1_500, price: 3_000 },
  { diamonds: 68_000, bonusDiamonds: 6_800, price: 6_800 },
  { diamonds: 128_000, bonusDiamonds: 19_200, price: 12_800 },
  { diamonds: 328_000, bonusDiamonds: 65_600, price: 32_800 },
  { diamonds: 648_000, bonusDiamonds: 162_000, price: 64_800 },
]

/**
 * What the screens call each VIP requirement of a video, as the perks below name them. The
 * seed's test checks that a tier's perks name exactly the zones core/vip/entitlement.ts
 * opens for it, so the cards promise what playing delivers.
 */
export const VIP_ZONE_NAMES: Record<Exclude<VipRequirement, 0>, string> = {
  [VipRequirement.Normal]: '会员专区',
  [VipRequirement.Supreme]: '至尊专区',
  [VipRequirement.Dark]: '暗夜专区',
}

export const DEMO_PERKS: Record<CardTier, string[]> = {
  [CardTier.Normal]: ['会员专区视频免费看', '有效期内不限次数观看', '个人主页显示 VIP 标识'],
  [CardTier.Supreme]: [
    '至尊专区视频独享',
    '会员专区、暗夜专区视频同样免费看',
    '有效期内不限次数观看',
    '个人主页显示 SVIP 标识',
  ],
  [CardTier.Dark]: ['暗夜专区视频免费看', '会员专区视频免费看', '个人主页显示 VIP 标识'],
}

export const DEMO_CARDS: { tier: CardTier; days: number; price: number; originalPrice: number | null }[] = [
  { tier: CardTier.Normal, days: 30, price: 2_500, originalPrice: 3_000 },
  { tier: CardTier.Normal, days: 90, price: 6_800, originalPrice: 9_000 },
  { tier: CardTier.Normal, days: 365, price: 19_800, originalPrice: 36_000 },
  { tier: CardTier.Supreme, days: 30, price: 5_800, originalPrice: null },
  { tier: CardTier.Supreme, days: 365, price: 39_800, originalPrice: 69_600 },
  { tier: CardTier.Dark, days: 30, price: 3_800, originalPrice: null },
  { tier: CardTier.Dark, days: 90, price: 9_800, originalPrice: 11_400 },
]

/**
 * Seeds the packages into an empty diamond_packages and the cards into an empty vip_cards,
 * each on its own: an operator's own items (or disabled ones) are never mixed with demo ones.
 */
export async function seedPaymentCatalogue(db: Db, now: Date) {
  const [anyPackage] = await db.select({ id: diamondPackages.id }).from(diamondPackages).limit(1)
  if (!anyPackage) {
    await db.insert(diamondPackages).values(DEMO_PACKAGES.map((item) => ({ ...item, createdAt: now })))
  }
  const [anyCard] = await db.select({ id: vipCards.id }).from(vipCards).limit(1)
  if (!anyCard) {
    await db
      .insert(vipCards)
      .values(DEMO_CARDS.map((card) => ({ ...card, perks: DEMO_PERKS[card.tier], createdAt: now })))
  }
}
