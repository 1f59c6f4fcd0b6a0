import { describe, expect, it } from 'vitest'
import { CardTier, OrderKind } from '../../../core/contracts/payments.ts'
import { DEMO_CARDS, DEMO_PACKAGES, seedPaymentCatalogue } from '../../db/demo/payments.ts'
import { users } from '../../db/schema/accounts.ts'
import { BACKENDS, START_MS, useFreshDatabase } from '../../testing/harness.ts'
import { createCatalogueEditor, createPaymentCatalogue } from './catalogue.ts'

const PAY_TYPES = [
  { code: 'alipay', name: '支付宝' },
  { code: 'wechat', name: '微信支付' },
]

describe.each(BACKENDS)('payment catalogue (%s)', (backend) => {
  const database = useFreshDatabase(backend)
  const now = () => START_MS
  const catalogue = () => createPaymentCatalogue({ db: database.db, provider: { payTypes: PAY_TYPES } })
  const editor = () => createCatalogueEditor({ db: database.db, now })

  it("gold/paytypeinfo: enabled packages cheapest first, the provider's pay types and the caller's balance", async () => {
    await seedPaymentCatalogue(database.db, new Date(START_MS))
    const [user] = await database.db
      .insert(users)
      .values({ nickname: '买家', balance: 1234, createdAt: new Date(START_MS) })
      .returning({ id: users.id })
    const [first, second] = await editor().listPackages()
    await editor().setPackageEnabled(second!.id, false)

    const info = await catalogue().payTypeInfo(user!.id)
    expect(info.payTypes).toEqual(PAY_TYPES)
    expect(info.balance).toBe(1234)
    expect(info.packages).toHaveLength(DEMO_PACKAGES.length - 1)
    expect(info.packages[0]).toEqual({
      id: first!.id,
      diamonds: first!.diamonds,
      bonusDiamonds: first!.bonusDiamonds,
      price: first!.price,
    })
    expect(info.packages.map((p) => p.id)).not.toContain(second!.id)
    const prices = info.packages.map((p) => p.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect((await catalogue().payTypeInfo(999_999)).balance).toBe(0)
  })

  it('card/list: enabled cards by tier (normal, supreme, dark), then days; originalPrice only when set', async () => {
    await seedPaymentCatalogue(database.db, new Date(START_MS))
    const disabled = (await editor().listCards()).find((card) => card.tier === CardTier.Dark)!
    await editor().setCardEnabled(disabled.id, false)

    const list = await catalogue().cardList()
    expect(list.payTypes).toEqual(PAY_TYPES)
    expect(list.cards).toHaveLength(DEMO_CARDS.length - 1)
    expect(list.cards.map((card) => card.id)).not.toContain(disabled.id)
    const rank = { normal: 0, supreme: 1, dark: 2 }
    const keys = list.cards.map((card) => rank[card.tier] * 10_000 + card.days)
    expect(keys).toEqual([...keys].sort((a, b) => a - b))
    for (const card of list.cards) {
      expect(card.perks.length).toBeGreaterThan(0)
      if ('originalPrice' in card) expect(card.originalPrice).toBeGreaterThan(card.price)
    }
    expect(list.cards.some((card) => !('originalPrice' in card))).toBe(true)
  })

  it('findItem: what an order copies from an enabled item; null for a disabled or unknown one', async () => {
    const pack = await editor().addPackage({ diamonds: 6000, bonusDiamonds: 300, price: 600 })
    const card = await editor().addCard({
      tier: CardTier.Supreme,
      days: 30,
      price: 5800,
      originalPrice: null,
      perks: ['至尊专区视频独享'],
    })
    expect(await catalogue().findItem(OrderKind.Diamonds, pack.id)).toEqual({
      kind: OrderKind.Diamonds,
      itemId: pack.id,
      title: '60 钻石',
      amount: 600,
      diamonds: 6000,
      bonusDiamonds: 300,
      tier: null,
      days: 0,
    })
    expect(await catalogue().findItem(OrderKind.Vip, card.id)).toEqual({
      kind: OrderKind.Vip,
      itemId: card.id,
      title: '至尊会员 30天',
      amount: 5800,
      diamonds: 0,
      bonusDiamonds: 0,
      tier: CardTier.Supreme,
      days: 30,
    })
    expect(await catalogue().findItem(OrderKind.Vip, 999_999)).toBeNull()
    expect(await catalogue().findItem(OrderKind.Diamonds, 999_999)).toBeNull()
    await editor().setPackageEnabled(pack.id, false)
    await editor().setCardEnabled(card.id, false)
    expect(await catalogue().findItem(OrderKind.Diamonds, pack.id)).toBeNull()
    expect(await catalogue().findItem(OrderKind.Vip, card.id)).toBeNull()
    await editor().setPackageEnabled(pack.id, true)
    expect(await catalogue().findItem(OrderKind.Diamonds, pack.id)).not.toBeNull()
  })

  it('the editor lists disabled items too, reports what it changed, and refuses items out of bounds', async () => {
    const pack = await editor().addPackage({ diamonds: 100, bonusDiamonds: 0, price: 10 })
    expect(await editor().setPackageEnabled(pack.id, false)).toMatchObject({ changed: true, row: { enabled: false } })
    expect(await editor().setPackageEnabled(pack.id, false)).toMatchObject({ changed: false, row: { enabled: false } })
    expect(await editor().setPackageEnabled(pack.id + 1, true)).toBeNull()
    expect(await editor().setCardEnabled(1, true)).toBeNull()
    expect(await editor().listPackages()).toMatchObject([{ id: pack.id, enabled: false }])
    await expect(editor().addPackage({ diamonds: 0, bonusDiamonds: 0, price: 10 })).rejects.toThrow(RangeError)
    await expect(
      editor().addCard({ tier: CardTier.Dark, days: 30, price: 500, originalPrice: 500, perks: ['x'] }),
    ).rejects.toThrow(RangeError)
    await expect(
      editor().addCard({ tier: 'gold' as CardTier, days: 30, price: 500, originalPrice: null, perks: ['x'] }),
    ).rejects.toThrow(RangeError)
    expect(await editor().listCards()).toEqual([])
  })
})
