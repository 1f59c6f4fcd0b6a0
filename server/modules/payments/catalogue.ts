import { and, asc, eq, sql } from 'drizzle-orm'
import { formatMoney } from '../../../core/format/money.ts'
import { CONTROL_CHARACTER } from '../../../core/contracts/text.ts'
import {
  CARD_TIER_NAMES,
  CARD_TIERS,
  OrderKind,
  type CardList,
  type CardTier,
  type DiamondPackage,
  type PayTypeInfo,
  type VipCard,
} from '../../../core/contracts/payments.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { diamondPackages, vipCards } from '../../db/schema/payments.ts'
import type { PaymentProvider } from './provider.ts'

/** What an order copies from the catalogue when it is made. */
export interface OrderItem {
  kind: OrderKind
  itemId: number
  title: string
  /** Fen. */
  amount: number
  diamonds: number
  bonusDiamonds: number
  tier: CardTier | null
  days: number
}

export const packageTitle = (diamonds: number) => `${formatMoney(diamonds)} 钻石`
export const cardTitle = (tier: CardTier, days: number) => `${CARD_TIER_NAMES[tier]} ${days}天`

const tierOrder = sql`array_position(array[${sql.join(
  CARD_TIERS.map((tier) => sql`${tier}`),
  sql`, `,
)}]::text[], ${vipCards.tier})`

const toCard = (row: typeof vipCards.$inferSelect): VipCard => ({
  id: row.id,
  tier: row.tier as CardTier,
  days: row.days,
  price: row.price,
  ...(row.originalPrice !== null ? { originalPrice: row.originalPrice } : {}),
  perks: row.perks,
})

/**
 * The things for sale: diamond packages and VIP cards, with the provider's pay types. Only
 * enabled items are offered or sold; an operator adds and disables them (admin commands).
 */
export function createPaymentCatalogue(deps: { db: Db; provider: Pick<PaymentProvider, 'payTypes'> }) {
  const { db } = deps

  async function packages(): Promise<DiamondPackage[]> {
    return db
      .select({
        id: diamondPackages.id,
        diamonds: diamondPackages.diamonds,
        bonusDiamonds: diamondPackages.bonusDiamonds,
        price: diamondPackages.price,
      })
      .from(diamondPackages)
      .where(eq(diamondPackages.enabled, true))
      .orderBy(asc(diamondPackages.price), asc(diamondPackages.id))
  }

  async function cards(): Promise<VipCard[]> {
    const rows = await db
      .select()
      .from(vipCards)
      .where(eq(vipCards.enabled, true))
      .orderBy(tierOrder, asc(vipCards.days), asc(vipCards.id))
    return rows.map(toCard)
  }

  async function payTypeInfo(userId: number): Promise<PayTypeInfo> {
    const [list, [user]] = await Promise.all([
      packages(),
      db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)),
    ])
    return { packages: list, payTypes: [...deps.provider.payTypes], balance: user?.balance ?? 0 }
  }

  async function cardList(): Promise<CardList> {
    return { cards: await cards(), payTypes: [...deps.provider.payTypes] }
  }

  /** An enabled package or card as an order copies it; null when there is none. */
  async function findItem(kind: OrderKind, itemId: number): Promise<OrderItem | null> {
    if (kind === OrderKind.Diamonds) {
      const [row] = await db
        .select()
        .from(diamondPackages)
        .where(and(eq(diamondPackages.id, itemId), eq(diamondPackages.enabled, true)))
      if (!row) return null
      return {
        kind,
        itemId,
        title: packageTitle(row.diamonds),
        amount: row.price,
        diamonds: row.diamonds,
        bonusDiamonds: row.bonusDiamonds,
        tier: null,
        days: 0,
      }
    }
    const [row] = await db
      .select()
      .from(vipCards)
      .where(and(eq(vipCards.id, itemId), eq(vipCards.enabled, true)))
    if (!row) return null
    const tier = row.tier as CardTier
    return {
      kind,
      itemId,
      title: cardTitle(tier, row.days),
      amount: row.price,
      diamonds: 0,
      bonusDiamonds: 0,
      tier,
      days: row.days,
    }
  }

  return { payTypeInfo, cardList, findItem, packages, cards }
}

export type PaymentCatalogue = ReturnType<typeof createPaymentCatalogue>

/** Limits an operator's items stay within (the columns are 32-bit; a credit stays far inside it). */
export const CATALOGUE_LIMITS = {
  /** Diamonds in cents, and the bonus on its own: 1,000,000 diamonds. */
  maxDiamonds: 100_000_000,
  /** Fen: ¥100,000. */
  maxPrice: 10_000_000,
  maxDays: 3650,
  maxPerks: 6,
  maxPerkLength: 40,
} as const

export interface NewPackage {
  diamonds: number
  bonusDiamonds: number
  /** Fen. */
  price: number
}

export interface NewCard {
  tier: CardTier
  days: number
  /** Fen. */
  price: number
  originalPrice: number | null
  perks: string[]
}

const within = (value: number, min: number, max: number) => Number.isSafeInteger(value) && value >= min && value <= max

/** What is wrong with a package an operator describes, or null when it can be sold. */
export function packageProblem(item: NewPackage): string | null {
  const { maxDiamonds, maxPrice } = CATALOGUE_LIMITS
  if (!within(item.diamonds, 1, maxDiamonds)) return `diamonds must be a whole number of cents from 1 to ${maxDiamonds}`
  if (!within(item.bonusDiamonds, 0, maxDiamonds))
    return `bonus must be a whole number of cents from 0 to ${maxDiamonds}`
  if (!within(item.price, 1, maxPrice)) return `price must be a whole number of fen from 1 to ${maxPrice}`
  return null
}

/** What is wrong with a card an operator describes, or null when it can be sold. */
export function cardProblem(card: NewCard): string | null {
  const { maxPrice, maxDays, maxPerks, maxPerkLength } = CATALOGUE_LIMITS
  if (!(CARD_TIERS as readonly string[]).includes(card.tier)) return `tier must be one of ${CARD_TIERS.join(', ')}`
  if (!within(card.days, 1, maxDays)) return `days must be a whole number from 1 to ${maxDays}`
  if (!within(card.price, 1, maxPrice)) return `price must be a whole number of fen from 1 to ${maxPrice}`
  if (card.originalPrice !== null && !within(card.originalPrice, card.price + 1, maxPrice)) {
    return `the original price must be a whole number of fen above the price (${card.price}), at most ${maxPrice}`
  }
  if (card.perks.length < 1 || card.perks.length > maxPerks) return `a card needs 1 to ${maxPerks} perks`
  for (const perk of card.perks) {
    if (perk.trim() !== perk || perk === '' || perk.length > maxPerkLength || CONTROL_CHARACTER.test(perk)) {
      return `perk "${perk}": 1 to ${maxPerkLength} characters of one line, no leading or trailing spaces`
    }
  }
  return null
}

export type PackageRow = typeof diamondPackages.$inferSelect
export type CardRow = Omit<typeof vipCards.$inferSelect, 'tier'> & { tier: CardTier }

/**
 * The operator's side of the catalogue (admin commands): every item, disabled ones included,
 * adding items and switching them on and off. Items are never changed or removed: orders copy
 * what they bought, and a new price is a new item.
 */
export function createCatalogueEditor(deps: { db: Db; now: () => number }) {
  const { db } = deps

  const listPackages = (): Promise<PackageRow[]> =>
    db.select().from(diamondPackages).orderBy(asc(diamondPackages.price), asc(diamondPackages.id))

  async function listCards(): Promise<CardRow[]> {
    const rows = await db.select().from(vipCards).orderBy(tierOrder, asc(vipCards.days), asc(vipCards.id))
    return rows.map((row) => ({ ...row, tier: row.tier as CardTier }))
  }

  async function addPackage(item: NewPackage): Promise<PackageRow> {
    const problem = packageProblem(item)
    if (problem) throw new RangeError(problem)
    const [row] = await db
      .insert(diamondPackages)
      .values({ ...item, createdAt: new Date(deps.now()) })
      .returning()
    return row!
  }

  async function addCard(card: NewCard): Promise<CardRow> {
    const problem = cardProblem(card)
    if (problem) throw new RangeError(problem)
    const [row] = await db
      .insert(vipCards)
      .values({ ...card, createdAt: new Date(deps.now()) })
      .returning()
    return { ...row!, tier: card.tier }
  }

  /** The package as it is now, or null when there is none; `changed` false when it already was so. */
  async function setPackageEnabled(id: number, enabled: boolean) {
    const [row] = await db
      .update(diamondPackages)
      .set({ enabled })
      .where(and(eq(diamondPackages.id, id), eq(diamondPackages.enabled, !enabled)))
      .returning()
    const current = row ?? (await db.select().from(diamondPackages).where(eq(diamondPackages.id, id)))[0]
    return current ? { row: current, changed: row !== undefined } : null
  }

  /** As setPackageEnabled. */
  async function setCardEnabled(id: number, enabled: boolean) {
    const [row] = await db
      .update(vipCards)
      .set({ enabled })
      .where(and(eq(vipCards.id, id), eq(vipCards.enabled, !enabled)))
      .returning()
    const current = row ?? (await db.select().from(vipCards).where(eq(vipCards.id, id)))[0]
    return current ? { row: { ...current, tier: current.tier as CardTier }, changed: row !== undefined } : null
  }

  return { listPackages, listCards, addPackage, addCard, setPackageEnabled, setCardEnabled }
}

export type CatalogueEditor = ReturnType<typeof createCatalogueEditor>
