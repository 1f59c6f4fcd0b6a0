import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { paymentOrders } from '../../db/schema/payments.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { ORDER_TTL_MS, SWEEP_AFTER_MS } from '../../modules/payments/orders.ts'
import { insertCard, insertPackage, orderRow, sandboxOf, submitOrder } from '../../modules/payments/testing.ts'
import { balanceOf, loginGuest } from '../../modules/wallet/testing.ts'
import { prepareCommand, runCommand, type AdminAnswer } from '../run-command.ts'
import type { AdminServices } from '../command.ts'

describe.each(BACKENDS)('order:sync, order:refund (%s)', (backend) => {
  const t = useTestApp(backend)
  let userId = 0
  let packageId = 0

  beforeEach(async () => {
    userId = await loginGuest(t.client, 'device-admin-orders')
    packageId = await insertPackage(t.db, { diamonds: 10_000, bonusDiamonds: 500, price: 6_800 })
  })

  /** `inServer`: as through the control socket, with the running server's payments; else as the CLI alone. */
  async function admin(args: string[], inServer: boolean): Promise<AdminAnswer> {
    const [command, ...rest] = args
    const prepared = prepareCommand({ command: command!, args: rest, cwd: '/' })
    if (!('run' in prepared)) return prepared
    const services: AdminServices = {
      config: t.config,
      db: t.db,
      now: t.clock.now,
      progress: () => {},
      ...(inServer ? { payments: t.app.payments } : {}),
    }
    return runCommand(prepared, services)
  }

  it.each([true, false])(
    'order:sync settles a payment whose notification was lost (in the server: %s)',
    async (inServer) => {
      const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
      await sandboxOf(t.app).settle(order.checkoutId, 'paid', { notify: false })
      // On demand: no need to wait for the sweep's few minutes.
      expect(await admin(['order:sync', order.orderId], inServer)).toEqual({
        ok: true,
        output: `order ${order.orderId}: pending → paid\n  provider  sandbox reports paid`,
      })
      expect(await balanceOf(t.db, userId)).toBe(10_500)
      expect(await admin(['order:sync', order.orderId], inServer)).toEqual({
        ok: true,
        output: `order ${order.orderId}: still paid\n  provider  sandbox reports paid`,
      })
      expect(await balanceOf(t.db, userId)).toBe(10_500)
    },
  )

  it('order:sync leaves an order the provider has not been paid for, and names unknown orders and bad numbers', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    t.clock.advance(SWEEP_AFTER_MS)
    expect(await admin(['order:sync', order.orderId], false)).toEqual({
      ok: true,
      output: `order ${order.orderId}: still pending\n  provider  sandbox reports pending`,
    })
    expect(await admin(['order:sync', 'MQ20260101000000000000'], false)).toEqual({
      ok: false,
      usage: false,
      error: 'order:sync: no order MQ20260101000000000000',
    })
    expect(await admin(['order:sync', '42'], false)).toMatchObject({
      ok: false,
      usage: true,
      error: expect.stringContaining('42: not an order number'),
    })
    expect(await admin(['order:sync'], false)).toMatchObject({ ok: false, usage: true })
  })

  it("order:sync of a previous provider's order asks no one, and closes it once past its expiry", async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    await t.db.update(paymentOrders).set({ provider: 'alipay' }).where(eq(paymentOrders.orderNo, order.orderId))
    const notAsked = '  provider  alipay, not asked: PAYMENT_PROVIDER is sandbox'
    expect(await admin(['order:sync', order.orderId], true)).toEqual({
      ok: true,
      output: `order ${order.orderId}: still pending\n${notAsked}`,
    })
    t.clock.advance(ORDER_TTL_MS)
    expect(await admin(['order:sync', order.orderId], false)).toEqual({
      ok: true,
      output: `order ${order.orderId}: pending → expired\n${notAsked}`,
    })
  })

  it('order:refund takes back diamonds once and refuses what it cannot', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    await sandboxOf(t.app).settle(order.checkoutId, 'paid', { notify: false })
    expect((await admin(['order:refund', order.orderId], true)).ok).toBe(false)
    await admin(['order:sync', order.orderId], true)
    expect(await admin(['order:refund', order.orderId], true)).toEqual({
      ok: true,
      output: `order ${order.orderId} refunded: user ${userId} -10500 (105), balance 0 (0)`,
    })
    expect(await admin(['order:refund', order.orderId], false)).toEqual({
      ok: false,
      usage: false,
      error: `order:refund: order ${order.orderId} is refunded: only a paid order can be refunded`,
    })
    expect(await balanceOf(t.db, userId)).toBe(0)
  })

  it('order:refund of a card shortens the tier', async () => {
    const cardId = await insertCard(t.db, { tier: 'dark', days: 30, price: 3_000 })
    const order = await submitOrder(t.client, { kind: 'vip', itemId: cardId })
    await sandboxOf(t.app).settle(order.checkoutId, 'paid', { notify: false })
    await admin(['order:sync', order.orderId], false)
    expect((await orderRow(t.db, order.orderId)).state).toBe('paid')
    expect(await admin(['order:refund', order.orderId], false)).toEqual({
      ok: true,
      output: `order ${order.orderId} refunded: user ${userId} dark -30 days, now until 2026-01-01 08:00:00`,
    })
  })
})
