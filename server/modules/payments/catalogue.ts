import { and, asc, eq, sql } from 'drizzle-orm'
import { formatMoney } from '../../../core/format/money.ts'
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
export function createPaymentCatalogue(deps: {
  db: Db
  now: () => number
  provider: Pick<PaymentProvider, 'payTypes'>
}) {
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
