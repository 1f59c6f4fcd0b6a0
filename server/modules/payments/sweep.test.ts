import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Order } from '../../../core/contracts/payments.ts'
import { paymentEvents, paymentOrders, sandboxPayments } from '../../db/schema/payments.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { balanceOf, loginGuest } from '../wallet/testing.ts'
import { createWalletService } from '../wallet/service.ts'
import { createPaymentCatalogue } from './catalogue.ts'
import { createOrdersService, LATE_RECHECK_MS, LATE_RECOVERY_MS, ORDER_TTL_MS, SWEEP_AFTER_MS } from './orders.ts'
import {
  auditFindings,
  eventsOf,
  insertPackage,
  inviterShares,
  listen,
  orderRow,
  sandboxOf,
  submitOrder,
} from './testing.ts'

const MINUTE = 60_000

describe.each(BACKENDS)('the order sweep (%s)', (backend) => {
  const t = useTestApp(backend)
  // Whatever a test did through the services, the ledgers still add up.
  afterEach(async () => expect(await auditFindings(t.db)).toEqual([]))
  let userId = 0
  let packageId = 0

  beforeEach(async () => {
    userId = await loginGuest(t.client, 'device-pay-sweep')
    packageId = await insertPackage(t.db, { diamonds: 10_000, bonusDiamonds: 1_500, price: 6_800 })
  })

  /** The app's orders service over a sandbox whose query fails for `unreachable` orders, sweeping `sweepBatch` at a time. */
  function sweeper(unreachable: ReadonlySet<string>, sweepBatch: number) {
    const sandbox = sandboxOf(t.app)
    const errors: string[] = []
    const provider = {
      ...sandbox,
      queryPayment: (orderNo: string) =>
        unreachable.has(orderNo) ? Promise.reject(new Error('provider timed out')) : sandbox.queryPayment(orderNo),
    }
    const orders = createOrdersService({
      db: t.db,
      now: t.clock.now,
      provider,
      catalogue: createPaymentCatalogue({ db: t.db, provider }),
      wallet: createWalletService({ db: t.db, now: t.clock.now }),
      onTopUpCredited: inviterShares(t),
      log: { info: () => {}, warn: () => {}, error: (details) => void errors.push(JSON.stringify(details)) },
      sweepBatch,
    })
    return { orders, errors }
  }

  const checkedAt = async (orderNo: string) => (await orderRow(t.db, orderNo)).checkedAt?.getTime() ?? null

  it('asks the least recently asked first: orders whose query keeps failing do not hold back newer ones', async () => {
    const stuck = [await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })]
    stuck.push(await submitOrder(t.client, { kind: 'diamonds', itemId: packageId }))
    t.clock.advance(1000)
    const lost = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    await sandboxOf(t.app).settle(lost.checkoutId, 'paid', { notify: false })
    const { orders, errors } = sweeper(new Set(stuck.map((order) => order.orderId)), 2)

    t.clock.advance(SWEEP_AFTER_MS)
    const first = t.clock.now()
    // The two oldest, never asked: both fail, and both count as asked.
    expect(await orders.sweep()).toEqual({ checked: 2, changed: 0 })
    expect(errors).toHaveLength(2)
    expect(await checkedAt(stuck[0]!.orderId)).toBe(first)
    expect(await checkedAt(stuck[1]!.orderId)).toBe(first)
    expect(await checkedAt(lost.orderId)).toBeNull()

    t.clock.advance(MINUTE)
    // The order never asked about comes first, and its lost notification is recovered.
    expect(await orders.sweep()).toEqual({ checked: 2, changed: 1 })
    expect(await orderRow(t.db, lost.orderId)).toMatchObject({ state: 'paid', checkedAt: new Date(t.clock.now()) })
    expect(await balanceOf(t.db, userId)).toBe(11_500)
    expect(await checkedAt(stuck[0]!.orderId)).toBe(t.clock.now())
    expect(await checkedAt(stuck[1]!.orderId)).toBe(first)

    t.clock.advance(MINUTE)
    // Then round and round: the one asked longest ago first.
    expect((await sweeper(new Set(), 1).orders.sweep()).checked).toBe(1)
    expect(await checkedAt(stuck[1]!.orderId)).toBe(t.clock.now())
    expect(await checkedAt(stuck[0]!.orderId)).toBe(t.clock.now() - MINUTE)
  })

  it('recovers a late payment whose notification was lost: expired or failed orders are asked again every 10 minutes for a day', async () => {
    await listen(t.app)
    const sandbox = sandboxOf(t.app)
    const expired = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    const failed = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    expect((await sandbox.settle(failed.checkoutId, 'failed'))?.changed).toBe(true)
    t.clock.advance(ORDER_TTL_MS + MINUTE)
    // The failed one (never asked) changes nothing; the pending one closes as expired.
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 2, changed: 1 })
    expect(await orderRow(t.db, expired.orderId)).toMatchObject({ state: 'expired' })

    // The provider takes both payments after all (the failed one paid on a second try at its
    // checkout), and neither notification arrives.
    await sandbox.settle(expired.checkoutId, 'paid', { notify: false })
    await t.db.update(sandboxPayments).set({ state: 'paid' }).where(eq(sandboxPayments.checkoutId, failed.checkoutId))
    // Asked a moment ago: not again for 10 minutes.
    t.clock.advance(LATE_RECHECK_MS - 1)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 0, changed: 0 })
    t.clock.advance(1)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 2, changed: 2 })

    for (const order of [expired, failed]) {
      const row = await orderRow(t.db, order.orderId)
      expect(row).toMatchObject({ state: 'paid', paidLate: true, providerRef: order.checkoutId })
      const events = await eventsOf(t.db, row.id)
      expect(events.slice(-2)).toEqual([
        { kind: 'query', detail: `query: paid, 6800 CNY, ref ${order.checkoutId}` },
        { kind: 'paid', detail: expect.stringMatching(/^late:/) },
      ])
    }
    expect((await eventsOf(t.db, (await orderRow(t.db, expired.orderId)).id)).map((e) => e.kind)).toEqual([
      'checkout',
      'expired',
      'query',
      'paid',
    ])
    // The failed order was asked twice before, with no event: only the answer that paid it is one.
    expect((await eventsOf(t.db, (await orderRow(t.db, failed.orderId)).id)).map((e) => e.kind)).toEqual([
      'checkout',
      'notify',
      'failed',
      'query',
      'paid',
    ])
    expect(await balanceOf(t.db, userId)).toBe(2 * 11_500)
    expect(t.logs.filter((line) => line.includes('order paid late'))).toHaveLength(2)
    t.clock.advance(LATE_RECHECK_MS)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 0, changed: 0 })
  })

  it('stops asking about an expired order a day after it was made; order:sync still asks', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    t.clock.advance(ORDER_TTL_MS)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 1, changed: 1 })
    for (let asked = 0; t.clock.now() - START_MS < LATE_RECOVERY_MS - LATE_RECHECK_MS; asked++) {
      t.clock.advance(LATE_RECHECK_MS)
      expect((await t.app.payments.orders.sweep()).checked, `after ${asked} asks`).toBe(1)
    }
    await sandboxOf(t.app).settle(order.checkoutId, 'paid', { notify: false })
    t.clock.advance(LATE_RECHECK_MS)
    expect(t.clock.now() - START_MS).toBeGreaterThanOrEqual(LATE_RECOVERY_MS)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 0, changed: 0 })
    expect((await orderRow(t.db, order.orderId)).state).toBe('expired')
    expect(await t.app.payments.orders.sync(order.orderId)).toMatchObject({ outcome: 'paid', before: 'expired' })
    expect(await orderRow(t.db, order.orderId)).toMatchObject({ state: 'paid', paidLate: true })
    expect(await balanceOf(t.db, userId)).toBe(11_500)
  })

  it("closes a previous provider's pending orders at their expiry, asking no one: the app stops waiting", async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    // Made before PAYMENT_PROVIDER changed: the sandbox cannot be asked about it.
    await t.db.update(paymentOrders).set({ provider: 'alipay' }).where(eq(paymentOrders.orderNo, order.orderId))
    const status = async () =>
      ((await t.client.call('recharge/status', { orderId: order.orderId })).body.data as Order).state
    t.clock.advance(SWEEP_AFTER_MS + MINUTE)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 0, changed: 0 })
    expect(await status()).toBe('pending')

    t.clock.advance(ORDER_TTL_MS)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 1, changed: 1 })
    expect(await status()).toBe('expired')
    const row = await orderRow(t.db, order.orderId)
    expect(row).toMatchObject({ state: 'expired', checkedAt: null, closedAt: new Date(t.clock.now()) })
    const [expired] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.kind, 'expired'))
    expect(expired).toMatchObject({
      orderId: row.id,
      provider: 'alipay',
      detail: 'the order was made with provider alipay, and PAYMENT_PROVIDER is sandbox: it cannot be asked',
    })
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 0, changed: 0 })
  })
})
