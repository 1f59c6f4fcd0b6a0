import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ExchangeList, Levels, RewardResult } from '../../../core/contracts/welfare.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import { users } from '../../db/schema/accounts.ts'
import { redeemExchanges, redeemItems } from '../../db/schema/welfare.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { balanceOf, loginGuest } from '../wallet/testing.ts'
import type { Db } from '../../db/client.ts'
import { createWalletService } from '../wallet/service.ts'
import { createExchangeService } from './exchange.ts'
import { creditPointsIn } from './points.ts'
import { insertItem, pointsLedgerOf, pointsRow, seedWelfareCatalogue, welfareAudit } from './testing.ts'

describe.each(BACKENDS)('welfare exchange and levels (%s)', (backend) => {
  const t = useTestApp(backend, { config: { rateLimitPerSession: 0, rateLimitPerIp: 0 }, poolSize: 8 })

  const give = (userId: number, amount: number) =>
    creditPointsIn(
      t.db,
      userId,
      amount,
      { reason: 'admin: 测试积分', refType: null, refId: null },
      new Date(t.clock.now()),
    )

  it('concurrent exchanges with points for one: one succeeds, points never go below zero', async () => {
    const userId = await loginGuest(t.client, 'device-exchange-race')
    const itemId = await insertItem(t.db, { reward: { kind: 'diamonds', amount: 1000 }, price: 500 })
    await give(userId, 700)
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.client.call('redeem/exchange', { itemId })))
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === ResultCode.Ok)).toHaveLength(1)
    expect(codes.filter((c) => c === BusinessCode.PointsShort)).toHaveLength(49)
    expect(await pointsRow(t.db, userId)).toMatchObject({ balance: 200, lifetime: 700 })
    expect(await balanceOf(t.db, userId)).toBe(1000)
    // Refused exchanges rolled back their rows.
    expect(await t.db.select().from(redeemExchanges)).toHaveLength(1)
    expect((await pointsLedgerOf(t.db, userId)).map((row) => row.amount)).toEqual([700, -500])
    expect(await welfareAudit(t.db)).toEqual([])
  })

  it('debits the price the item has as the exchange commits, not one read before it', async () => {
    const userId = await loginGuest(t.client, 'device-exchange-price')
    const itemId = await insertItem(t.db, { reward: { kind: 'diamonds', amount: 1000 }, price: 100 })
    await give(userId, 1000)
    // An operator raises the price between any read before the transaction and the transaction.
    const db = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown
        return async (...args: Parameters<Db['transaction']>) => {
          await target.update(redeemItems).set({ price: 300 }).where(eq(redeemItems.id, itemId))
          return target.transaction(...args)
        }
      },
    })
    const wallet = createWalletService({ db, now: t.clock.now })
    const exchange = createExchangeService({ db, now: t.clock.now, wallet })
    await exchange.exchange(userId, itemId)
    expect((await pointsRow(t.db, userId)).balance).toBe(700)
    expect((await t.db.select().from(redeemExchanges)).map((row) => row.price)).toEqual([300])
    expect(await welfareAudit(t.db)).toEqual([])
  })

  it('stock runs out at 0 (7061, nothing debited); VIP items extend the tier; history lists newest first', async () => {
    const userId = await loginGuest(t.client, 'device-exchange-stock')
    const stocked = await insertItem(t.db, {
      reward: { kind: 'vip', tier: 'supreme', days: 7 },
      price: 100,
      stock: 2,
      title: '至尊 7 天',
    })
    await give(userId, 1000)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.client.call('redeem/exchange', { itemId: stocked })),
    )
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === ResultCode.Ok)).toHaveLength(2)
    expect(codes.filter((c) => c === BusinessCode.OutOfStock)).toHaveLength(3)
    expect(answers.find((a) => a.body.code === BusinessCode.OutOfStock)!.body.tip).toBe('已兑完')
    const [item] = await t.db.select({ stock: redeemItems.stock }).from(redeemItems).where(eq(redeemItems.id, stocked))
    expect(item!.stock).toBe(0)
    expect((await pointsRow(t.db, userId)).balance).toBe(800)
    const [vip] = await t.db.select({ expire: users.supremeVipExpire }).from(users).where(eq(users.id, userId))
    expect(vip!.expire!.getTime()).toBe(t.clock.now() + 14 * 24 * 3600_000)

    const list = (await t.client.call('redeem/list')).body.data as ExchangeList
    expect(list.items).toEqual([
      { id: stocked, title: '至尊 7 天', reward: { kind: 'vip', tier: 'supreme', days: 7 }, price: 100, stock: 0 },
    ])
    expect(list.points.balance).toBe(800)
    const history = await t.client.call('redeem/history', {})
    expect(history.body.data).toMatchObject({
      items: [{ title: '至尊 7 天', price: 100 }, { title: '至尊 7 天' }],
      nextCursor: null,
    })
    expect((await t.client.call('redeem/exchange', { itemId: 999_999 })).body).toMatchObject({
      code: ResultCode.ValidationError,
      msg: 'itemId: no such item',
    })
    expect(await welfareAudit(t.db)).toEqual([])
  })

  it('redeem/list answers without a session with zero points; redeem/exchange then needs one', async () => {
    await seedWelfareCatalogue(t.db)
    const list = await t.client.call('redeem/list')
    expect(list.body.code).toBe(ResultCode.Ok)
    const data = list.body.data as ExchangeList
    expect(data.points).toMatchObject({ balance: 0, lifetime: 0, level: { level: 1 } })
    expect(data.items.map((item) => item.reward.kind)).toEqual(['vip', 'vip', 'diamonds', 'diamonds'])
    expect(data.items.some((item) => item.stock !== null)).toBe(true)
    expect((await t.client.call('redeem/exchange', { itemId: data.items[0]!.id })).body.code).toBe(
      ResultCode.SessionInvalid,
    )
  })

  it('levels come from lifetime points, not the balance, with the next level to reach', async () => {
    await seedWelfareCatalogue(t.db)
    const userId = await loginGuest(t.client, 'device-levels')
    await give(userId, 2600)
    const item = await insertItem(t.db, { reward: { kind: 'diamonds', amount: 100 }, price: 2500 })
    const spent = await t.client.call('redeem/exchange', { itemId: item })
    expect((spent.body.data as RewardResult).points).toMatchObject({ balance: 100, lifetime: 2600 })
    const levels = (await t.client.call('points/levels')).body.data as Levels
    expect(levels.levels.map((level) => level.minPoints)).toEqual([0, 500, 2000, 5000, 10000])
    expect(levels.points).toMatchObject({
      balance: 100,
      lifetime: 2600,
      level: { level: 3, name: '黄金' },
      next: { level: 4 },
    })
    expect(levels.levels[0]!.perks.length).toBeGreaterThan(0)
  })
})
