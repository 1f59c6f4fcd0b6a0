import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { balanceOf, insertVideos, ledgerOf, loginGuest } from '../wallet/testing.ts'
import { RefundRefusedError } from './orders.ts'
import { eventsOf, insertPackage, listen, orderRow, sandboxOf, submitOrder, auditFindings } from './testing.ts'

describe.each(BACKENDS)('diamond refunds (%s)', (backend) => {
  const t = useTestApp(backend)
  // Whatever a test did through the services, the ledgers still add up.
  afterEach(async () => expect(await auditFindings(t.db)).toEqual([]))
  let userId = 0
  let packageId = 0

  beforeEach(async () => {
    await listen(t.app)
    userId = await loginGuest(t.client, 'device-pay-refund')
    packageId = await insertPackage(t.db, { diamonds: 10_000, bonusDiamonds: 1_500, price: 6_800 })
  })

  async function paidOrder() {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    await sandboxOf(t.app).settle(order.checkoutId, 'paid')
    const row = await orderRow(t.db, order.orderId)
    expect(row.state).toBe('paid')
    return row
  }

  it('takes back diamonds and bonus as one ledger debit, once', async () => {
    const order = await paidOrder()
    const refunded = await t.app.payments.orders.refund(order.orderNo)
    expect(refunded.balance).toBe(0)
    expect(await balanceOf(t.db, userId)).toBe(0)
    const ledger = await ledgerOf(t.db, userId)
    expect(ledger.rows.map((r) => [r.amount, r.balanceAfter, r.reason, r.refType, r.refId])).toEqual([
      [10_000, 10_000, 'recharge', 'order', order.id],
      [1_500, 11_500, 'recharge-bonus', 'order', order.id],
      [-11_500, 0, 'refund', 'order', order.id],
    ])
    expect(ledger.total).toBe(0)
    expect(await orderRow(t.db, order.orderNo)).toMatchObject({ state: 'refunded' })
    expect((await eventsOf(t.db, order.id)).at(-1)).toEqual({ kind: 'refunded', detail: '-11500 diamonds' })

    await expect(t.app.payments.orders.refund(order.orderNo)).rejects.toThrow(RefundRefusedError)
    // A late report of the payment does not pay a refunded order again.
    expect((await t.app.payments.orders.sync(order.orderNo)).outcome).toBe('unchanged')
    expect(await balanceOf(t.db, userId)).toBe(0)
    expect((await ledgerOf(t.db, userId)).rows).toHaveLength(3)
  })

  it('refuses while the balance no longer covers the diamonds, changing nothing', async () => {
    const order = await paidOrder()
    const [videoId] = await insertVideos(t.db, [{ price: 500 }])
    expect((await t.client.call('media/pay', { id: videoId })).body.code).toBe(200)
    const refusal = t.app.payments.orders.refund(order.orderNo)
    await expect(refusal).rejects.toThrow(RefundRefusedError)
    await expect(refusal).rejects.toThrow(
      `user ${userId} no longer has the 11500 diamonds to take back (balance 11000); nothing was changed`,
    )
    expect(await balanceOf(t.db, userId)).toBe(11_000)
    expect((await ledgerOf(t.db, userId)).rows.map((r) => r.reason)).toEqual(['recharge', 'recharge-bonus', 'video'])
    expect(await orderRow(t.db, order.orderNo)).toMatchObject({ state: 'paid', closedAt: null })
    expect((await eventsOf(t.db, order.id)).map((e) => e.kind)).not.toContain('refunded')
  })

  it('refuses orders that are not paid', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    await expect(t.app.payments.orders.refund(order.orderId)).rejects.toThrow(
      `order ${order.orderId} is pending: only a paid order can be refunded`,
    )
    await expect(t.app.payments.orders.refund('MQ20260101000000000000')).rejects.toMatchObject({ code: 7042 })
  })
})
