import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { users } from '../../db/schema/accounts.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { insertVideos, loginGuest } from '../wallet/testing.ts'
import { insertStream, setVip } from '../watching/testing.ts'
import { insertCard, listen, orderRow, sandboxOf, submitOrder, vipLedgerOf, auditFindings } from './testing.ts'

const DAY = 24 * 3600_000

describe.each(BACKENDS)('VIP cards (%s)', (backend) => {
  const t = useTestApp(backend)
  // Whatever a test did through the services, the ledgers still add up.
  afterEach(async () => expect(await auditFindings(t.db)).toEqual([]))
  let userId = 0

  beforeEach(async () => {
    await listen(t.app)
    userId = await loginGuest(t.client, 'device-pay-vip')
  })

  async function userRow() {
    const [row] = await t.db.select().from(users).where(eq(users.id, userId))
    return row!
  }

  /** Buys the card through the sandbox, its notification over HTTP. */
  async function buyCard(cardId: number) {
    const order = await submitOrder(t.client, { kind: 'vip', itemId: cardId })
    expect((await sandboxOf(t.app).settle(order.checkoutId, 'paid'))?.changed).toBe(true)
    return orderRow(t.db, order.orderId)
  }

  it('extends an active tier from its current expiry, a lapsed one from now', async () => {
    const supreme = await insertCard(t.db, { tier: 'supreme', days: 30, price: 3_000 })
    const normal = await insertCard(t.db, { tier: 'normal', days: 7, price: 700 })
    const dark = await insertCard(t.db, { tier: 'dark', days: 90, price: 9_000 })
    await setVip(t.db, userId, 'supreme', new Date(START_MS + 10 * DAY))
    await setVip(t.db, userId, 'normal', new Date(START_MS - 5 * DAY))

    const supremeOrder = await buyCard(supreme)
    const normalOrder = await buyCard(normal)
    const darkOrder = await buyCard(dark)
    const row = await userRow()
    expect(row.supremeVipExpire?.getTime()).toBe(START_MS + 40 * DAY)
    expect(row.normalVipExpire?.getTime()).toBe(START_MS + 7 * DAY)
    expect([row.darkVipType, row.darkVipExpire?.getTime()]).toEqual([1, START_MS + 90 * DAY])
    expect(
      (await vipLedgerOf(t.db, userId)).map((r) => [
        r.tier,
        r.days,
        r.reason,
        r.orderId,
        r.expireBefore?.getTime() ?? null,
        r.expireAfter.getTime(),
      ]),
    ).toEqual([
      ['supreme', 30, 'order', supremeOrder.id, START_MS + 10 * DAY, START_MS + 40 * DAY],
      ['normal', 7, 'order', normalOrder.id, START_MS - 5 * DAY, START_MS + 7 * DAY],
      ['dark', 90, 'order', darkOrder.id, null, START_MS + 90 * DAY],
    ])

    // A second card of a tier adds to the first.
    await buyCard(supreme)
    expect((await userRow()).supremeVipExpire?.getTime()).toBe(START_MS + 70 * DAY)
  })

  it('changes entitlement and user info at once: a VIP-locked video plays right after paying', async () => {
    const [videoId] = await insertVideos(t.db, [{ vip: 2 }])
    await insertStream(t.db, videoId!)
    const play = async () => (await t.client.call('media/play', { id: videoId })).body.data as PlayInfo
    expect((await play()).lock).toBe('vip')

    const cardId = await insertCard(t.db, { tier: 'supreme', days: 30, price: 3_000 })
    const order = await buyCard(cardId)
    expect(order.state).toBe('paid')
    const info = await play()
    expect(info.lock).toBe('none')
    expect(info.lines.length).toBeGreaterThan(0)
    const user = (await t.client.call('user/info', {})).body.data as UserInfo
    expect(user.supremeVip).toMatchObject({ vipType: 1, vipExpireInt: START_MS / 1000 + 30 * 86_400 })
  })

  it("a refund shortens the tier by the card's days, once; past now the tier lapses", async () => {
    const [videoId] = await insertVideos(t.db, [{ vip: 1 }])
    await insertStream(t.db, videoId!)
    const cardId = await insertCard(t.db, { tier: 'normal', days: 30, price: 3_000 })
    await setVip(t.db, userId, 'normal', new Date(START_MS + 5 * DAY))
    const order = await buyCard(cardId)
    expect((await userRow()).normalVipExpire?.getTime()).toBe(START_MS + 35 * DAY)

    const refunded = await t.app.payments.orders.refund(order.orderNo)
    expect(refunded.vipExpire?.getTime()).toBe(START_MS + 5 * DAY)
    expect(await orderRow(t.db, order.orderNo)).toMatchObject({ state: 'refunded' })
    expect((await userRow()).normalVipExpire?.getTime()).toBe(START_MS + 5 * DAY)
    const [, refund] = await vipLedgerOf(t.db, userId)
    expect(refund).toMatchObject({ tier: 'normal', days: -30, reason: 'refund', orderId: order.id })
    expect([refund!.expireBefore?.getTime(), refund!.expireAfter.getTime()]).toEqual([
      START_MS + 35 * DAY,
      START_MS + 5 * DAY,
    ])
    await expect(t.app.payments.orders.refund(order.orderNo)).rejects.toThrow(/is refunded: only a paid order/)
    expect(await vipLedgerOf(t.db, userId)).toHaveLength(2)

    // Refunded ten days later: taking the card's 30 days off ends the line in the past, so it lapses.
    const second = await buyCard(cardId)
    t.clock.advance(10 * DAY)
    await t.app.payments.orders.refund(second.orderNo)
    const row = await userRow()
    expect(row.normalVipType).toBe(1)
    expect(row.normalVipExpire!.getTime()).toBeLessThan(t.clock.now())
    expect(((await t.client.call('media/play', { id: videoId })).body.data as PlayInfo).lock).toBe('vip')
    // User info says so too: a lapsed line reports vipType 0 (Mine's label goes), with its last expiry.
    const { normalVip } = (await t.client.call('user/info', {})).body.data as UserInfo
    expect(normalVip).toMatchObject({ vipType: 0, vipExpireInt: Math.floor(row.normalVipExpire!.getTime() / 1000) })
  })
})
