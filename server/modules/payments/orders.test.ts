import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Order, OrderPage } from '../../../core/contracts/payments.ts'
import { ORDER_ID_PATTERN } from '../../../core/contracts/payments.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { paymentOrders, sandboxPayments } from '../../db/schema/payments.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { loginGuest } from '../wallet/testing.ts'
import { createWalletService } from '../wallet/service.ts'
import { createPaymentCatalogue } from './catalogue.ts'
import { createOrdersService, orderNumber } from './orders.ts'
import { auditFindings, eventsOf, insertCard, insertPackage, inviterShares, orderRow, submitOrder } from './testing.ts'

describe('orderNumber', () => {
  it('is MQ, the UTC time to the second and 6 random digits', () => {
    const at = Date.UTC(2026, 2, 4, 5, 6, 7, 890)
    expect(orderNumber(at, new Uint8Array([0, 0, 0, 42]))).toBe('MQ20260304050607000042')
    expect(orderNumber(at, new Uint8Array([255, 255, 255, 255]))).toBe('MQ20260304050607967295')
    expect(orderNumber(at, new Uint8Array([1, 2, 3, 4]))).toMatch(ORDER_ID_PATTERN)
  })
})

describe.each(BACKENDS)('recharge/submit, recharge/status, recharge/history (%s)', (backend) => {
  const t = useTestApp(backend)
  // Whatever a test did through the services, the ledgers still add up.
  afterEach(async () => expect(await auditFindings(t.db)).toEqual([]))
  let userId = 0
  let packageId = 0

  beforeEach(async () => {
    userId = await loginGuest(t.client, 'device-orders')
    packageId = await insertPackage(t.db, { diamonds: 10_000, bonusDiamonds: 1_000, price: 6_800 })
  })

  it('makes a pending order from the catalogue, expiring in 30 minutes, and opens the checkout', async () => {
    const answer = await t.client.call('recharge/submit', { kind: 'diamonds', itemId: packageId, payType: 'wxpay' })
    expect(answer.body.code).toBe(200)
    const { orderId, payUrl } = answer.body.data as { orderId: string; payUrl: string }
    expect(orderId).toMatch(/^MQ20260101000000\d{6}$/)
    expect(payUrl).toMatch(/^\/sandbox\/pay\/[A-Za-z0-9_-]{22}$/)

    const row = await orderRow(t.db, orderId)
    expect(row).toMatchObject({
      userId,
      kind: 'diamonds',
      itemId: packageId,
      title: '100 钻石',
      amount: 6_800,
      currency: 'CNY',
      diamonds: 10_000,
      bonusDiamonds: 1_000,
      vipTier: null,
      vipDays: 0,
      payType: 'wxpay',
      provider: 'sandbox',
      providerRef: payUrl.split('/').pop(),
      state: 'pending',
      paidLate: false,
    })
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60_000)
    expect(await eventsOf(t.db, row.id)).toEqual([{ kind: 'checkout', detail: `ref ${row.providerRef}` }])
    expect(await t.db.select().from(sandboxPayments)).toMatchObject([
      { orderNo: orderId, subject: '100 钻石', amount: 6_800, currency: 'CNY', state: 'open' },
    ])

    const status = await t.client.call('recharge/status', { orderId })
    expect(status.body.data).toEqual({
      orderId,
      kind: 'diamonds',
      itemId: packageId,
      title: '100 钻石',
      amount: 6_800,
      diamonds: 10_000,
      bonusDiamonds: 1_000,
      tier: null,
      days: 0,
      payType: 'wxpay',
      state: 'pending',
      createdAt: START_MS / 1000,
      expiresAt: START_MS / 1000 + 1800,
      paidAt: 0,
    } satisfies Order)
  })

  it('takes the price from the catalogue: a price or amount the client sends is ignored', async () => {
    const cardId = await insertCard(t.db, { tier: 'supreme', days: 30, price: 3_000 })
    const sent = { kind: 'vip', itemId: cardId, payType: 'alipay', price: 1, amount: 1, diamonds: 999_999 }
    const answer = await t.client.call('recharge/submit', sent)
    expect(answer.body.code).toBe(200)
    const row = await orderRow(t.db, (answer.body.data as { orderId: string }).orderId)
    expect(row).toMatchObject({
      amount: 3_000,
      kind: 'vip',
      vipTier: 'supreme',
      vipDays: 30,
      diamonds: 0,
      title: '至尊会员 30天',
    })
  })

  it('refuses an unknown or disabled item and an unknown pay type, making no order', async () => {
    const disabled = await insertPackage(t.db, { diamonds: 100, price: 100, enabled: false })
    const disabledCard = await insertCard(t.db, { tier: 'normal', days: 7, price: 700, enabled: false })
    const refusals: [object, number][] = [
      [{ kind: 'diamonds', itemId: 987_654, payType: 'alipay' }, BusinessCode.ItemUnavailable],
      [{ kind: 'diamonds', itemId: disabled, payType: 'alipay' }, BusinessCode.ItemUnavailable],
      [{ kind: 'vip', itemId: disabledCard, payType: 'alipay' }, BusinessCode.ItemUnavailable],
      // A package id is not a card id.
      [{ kind: 'vip', itemId: packageId, payType: 'alipay' }, BusinessCode.ItemUnavailable],
      [{ kind: 'diamonds', itemId: packageId, payType: 'bitcoin' }, BusinessCode.PayTypeUnavailable],
    ]
    for (const [body, code] of refusals) {
      const answer = await t.client.call('recharge/submit', body)
      expect(answer.body, JSON.stringify(body)).toMatchObject({ code, data: null })
    }
    expect(
      (await t.client.call('recharge/submit', { kind: 'gold', itemId: packageId, payType: 'alipay' })).body,
    ).toMatchObject({ code: 4000, msg: expect.stringMatching(/^kind: /) })
    expect(await t.db.select().from(paymentOrders)).toEqual([])
  })

  it('closes the order as failed when the provider opens no checkout', async () => {
    const provider = { ...t.app.payments.provider, createCheckout: () => Promise.reject(new Error('provider down')) }
    const orders = createOrdersService({
      db: t.db,
      now: t.clock.now,
      provider,
      catalogue: createPaymentCatalogue({ db: t.db, provider }),
      wallet: createWalletService({ db: t.db, now: t.clock.now }),
      onTopUpCredited: inviterShares(t),
    })
    await expect(orders.submit(userId, { kind: 'diamonds', itemId: packageId, payType: 'alipay' })).rejects.toThrow(
      'provider down',
    )
    const [row] = await t.db.select().from(paymentOrders)
    expect(row).toMatchObject({ state: 'failed', providerRef: null })
    expect(await eventsOf(t.db, row!.id)).toEqual([{ kind: 'failed', detail: 'the provider opened no checkout' }])
  })

  it("answers another user's order and an unknown one alike: not found", async () => {
    const { orderId } = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    const other = t.newClient()
    await loginGuest(other, 'device-orders-other')
    for (const [client, id] of [
      [other, orderId],
      [t.client, 'MQ20260101000000000000'],
    ] as const) {
      expect((await client.call('recharge/status', { orderId: id })).body).toMatchObject({
        code: BusinessCode.OrderNotFound,
        msg: '订单不存在',
        data: null,
      })
    }
    expect((await other.call('recharge/history', {})).body.data).toEqual({ items: [], nextCursor: null })
    expect((await t.client.call('recharge/status', { orderId: 'MQ1' })).body.code).toBe(4000)
  })

  it('pages the history newest first, 10 at a time, without repeats', async () => {
    const made: string[] = []
    for (let i = 0; i < 12; i++) {
      made.push((await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })).orderId)
      t.clock.advance(1000)
    }
    const first = (await t.client.call('recharge/history', {})).body.data as OrderPage
    expect(first.items.map((o) => o.orderId)).toEqual(made.slice(2).reverse())
    expect(first.nextCursor).not.toBeNull()
    const second = (await t.client.call('recharge/history', { cursor: first.nextCursor })).body.data as OrderPage
    expect(second).toEqual({ items: expect.any(Array), nextCursor: null })
    expect(second.items.map((o) => o.orderId)).toEqual([made[1], made[0]])
    expect((await t.client.call('recharge/history', { cursor: 'bm9wZQ' })).body).toMatchObject({
      code: 4000,
      msg: 'cursor: not a cursor of this list',
    })
    // States show as they change.
    await t.db.update(paymentOrders).set({ state: 'failed' }).where(eq(paymentOrders.orderNo, made[11]!))
    const again = (await t.client.call('recharge/history', {})).body.data as OrderPage
    expect(again.items[0]).toMatchObject({ orderId: made[11], state: 'failed' })
  })
})
