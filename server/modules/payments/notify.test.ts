import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { paymentEvents, paymentOrders, sandboxPayments } from '../../db/schema/payments.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { balanceOf, ledgerOf, loginGuest } from '../wallet/testing.ts'
import { LATE_RECHECK_MS, ORDER_TTL_MS, SWEEP_AFTER_MS } from './orders.ts'
import {
  eventsOf,
  insertPackage,
  listen,
  notificationBody,
  notify,
  orderRow,
  sandboxOf,
  sandboxSecret,
  submitOrder,
  auditFindings,
} from './testing.ts'

const MINUTE = 60_000

describe.each(BACKENDS)('payment notifications over HTTP (%s)', (backend) => {
  // Enough connections that the racing notifications really run side by side on PostgreSQL.
  const t = useTestApp(backend, { poolSize: 20 })
  // Whatever a test did through the services, the ledgers still add up.
  afterEach(async () => expect(await auditFindings(t.db)).toEqual([]))
  let origin = ''
  let userId = 0
  let packageId = 0
  const seconds = () => Math.floor(t.clock.now() / 1000)

  beforeEach(async () => {
    origin = await listen(t.app)
    userId = await loginGuest(t.client, 'device-pay-notify')
    packageId = await insertPackage(t.db, { diamonds: 10_000, bonusDiamonds: 1_500, price: 6_800 })
  })

  /** An order whose sandbox checkout is paid without telling the server: what a provider would then notify. */
  async function paidSilently() {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    await sandboxOf(t.app).settle(order.checkoutId, 'paid', { notify: false })
    const payment = {
      orderNo: order.orderId,
      state: 'paid',
      amount: 6_800,
      currency: 'CNY',
      providerRef: order.checkoutId,
    }
    return { order, payment, secret: await sandboxSecret(t.db) }
  }

  async function expectNothingCredited(orderNo: string) {
    expect(await balanceOf(t.db, userId)).toBe(0)
    expect((await ledgerOf(t.db, userId)).rows).toEqual([])
    expect((await orderRow(t.db, orderNo)).state).toBe('pending')
  }

  it('50 concurrent identical notifications credit once: diamonds and bonus as two ledger rows', async () => {
    const { order, payment, secret } = await paidSilently()
    const body = notificationBody(payment as never)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => notify(origin, { body, secret, timestamp: seconds() })),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200))
    expect(new Set(answers.map((a) => a.text))).toEqual(new Set(['{"ok":true}']))

    const row = await orderRow(t.db, order.orderId)
    expect(row).toMatchObject({ state: 'paid', paidLate: false, providerRef: order.checkoutId })
    expect(row.paidAt?.getTime()).toBe(START_MS)
    expect(await balanceOf(t.db, userId)).toBe(11_500)
    const ledger = await ledgerOf(t.db, userId)
    expect(ledger.rows.map((r) => [r.amount, r.balanceAfter, r.reason, r.refType, r.refId])).toEqual([
      [10_000, 10_000, 'recharge', 'order', row.id],
      [1_500, 11_500, 'recharge-bonus', 'order', row.id],
    ])
    expect(ledger.total).toBe(11_500)
    const events = await eventsOf(t.db, row.id)
    expect(events.filter((e) => e.kind === 'paid')).toHaveLength(1)
    expect(events.filter((e) => e.kind === 'notify')).toHaveLength(50)
  })

  it('refuses a stale replay, a wrong signature, a changed amount or currency; nothing is credited', async () => {
    const { order, payment, secret } = await paidSilently()
    const body = notificationBody(payment as never)
    const stale = await notify(origin, { body, secret, timestamp: seconds() - 301 })
    expect(stale).toEqual({ status: 401, text: 'refused' })
    const early = await notify(origin, { body, secret, timestamp: seconds() + 301 })
    expect(early.status).toBe(401)
    const forged = await notify(origin, { body, secret: new Uint8Array(32).fill(7), timestamp: seconds() })
    expect(forged).toEqual({ status: 401, text: 'refused' })
    const garbled = await notify(origin, { body, secret, timestamp: seconds(), signature: 'abc' })
    expect(garbled.status).toBe(401)
    await expectNothingCredited(order.orderId)
    // Nothing unauthenticated is written: a forger cannot fill the table (nor the log: below).
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.kind, 'refused'))).toEqual([])

    const cheaper = notificationBody({ ...payment, amount: 1 } as never)
    const amount = await notify(origin, { body: cheaper, secret, timestamp: seconds() })
    expect(amount).toEqual({ status: 400, text: "refused: amount 1 differs from the order's 6800" })
    const dollars = notificationBody({ ...payment, currency: 'USD' } as never)
    const currency = await notify(origin, { body: dollars, secret, timestamp: seconds() })
    expect(currency).toEqual({ status: 400, text: "refused: currency USD differs from the order's CNY" })
    await expectNothingCredited(order.orderId)
    const row = await orderRow(t.db, order.orderId)
    expect((await eventsOf(t.db, row.id)).filter((e) => e.kind === 'refused')).toEqual([
      {
        kind: 'refused',
        detail: `notify: paid, 1 CNY, ref ${order.checkoutId}: amount 1 differs from the order's 6800`,
      },
      {
        kind: 'refused',
        detail: `notify: paid, 6800 USD, ref ${order.checkoutId}: currency USD differs from the order's CNY`,
      },
    ])
    const warnings = t.logs.filter((line) => line.includes('payment refused: it does not match the order'))
    expect(warnings).toHaveLength(2)
    expect(t.logs.join('\n')).not.toContain(Buffer.from(secret).toString('hex'))

    // The genuine notification still pays; its replay within the window changes nothing more,
    // and after the window is refused.
    const at = seconds()
    expect((await notify(origin, { body, secret, timestamp: at })).status).toBe(200)
    expect((await notify(origin, { body, secret, timestamp: at })).status).toBe(200)
    t.clock.advance(301_000)
    expect((await notify(origin, { body, secret, timestamp: at })).status).toBe(401)
    expect(await balanceOf(t.db, userId)).toBe(11_500)
    expect((await ledgerOf(t.db, userId)).rows).toHaveLength(2)
  })

  it('logs an untrusted notification at debug, counted in the refusals summary; a signed mismatch warns', async () => {
    const { payment, secret } = await paidSilently()
    const body = notificationBody(payment as never)
    for (let i = 0; i < 3; i++) {
      const forged = await notify(origin, { body, secret: new Uint8Array(32).fill(i), timestamp: seconds() })
      expect(forged.status).toBe(401)
    }
    expect(t.logs.filter((line) => line.includes('payment notification refused'))).toEqual([])
    t.app.log.level = 'debug'
    await notify(origin, { body, secret, timestamp: seconds() - 301 })
    const [debug, ...more] = t.logs.filter((line) => line.includes('payment notification refused'))
    expect(more).toEqual([])
    expect(JSON.parse(debug!)).toMatchObject({ level: 20, reason: 'timestamp outside the tolerance' })
    t.app.log.level = 'info'

    const cheaper = notificationBody({ ...payment, amount: 1 } as never)
    expect((await notify(origin, { body: cheaper, secret, timestamp: seconds() })).status).toBe(400)
    const [warn] = t.logs.filter((line) => line.includes('payment refused: it does not match the order'))
    expect(JSON.parse(warn!)).toMatchObject({ level: 40, orderNo: payment.orderNo })

    // The request log's summary, written by the first request after its window, counts them all.
    t.clock.advance(10_000)
    expect((await fetch(`${origin}/healthz`)).status).toBe(200)
    const [summary] = t.logs.filter((line) => line.includes('requests refused'))
    expect(JSON.parse(summary!)).toMatchObject({ level: 40, refused: { 401: 4, 400: 1 }, msg: '5 requests refused' })
  })

  it('verifies the bytes as they arrived: beyond ASCII they pay; signed bytes that are not UTF-8 are refused', async () => {
    const { order, payment, secret } = await paidSilently()
    t.app.log.level = 'debug'
    // Signed over its bytes, whatever the content type says: nothing is decoded before the check.
    const garbled = Buffer.from(notificationBody({ ...payment, providerRef: 'ref-@' } as never), 'utf8')
    garbled[garbled.indexOf('@')] = 0xff
    expect(await notify(origin, { body: garbled, secret, timestamp: seconds() })).toEqual({
      status: 401,
      text: 'refused',
    })
    expect(t.logs.filter((line) => line.includes('body is not JSON'))).toHaveLength(1)
    await expectNothingCredited(order.orderId)

    const body = notificationBody({ ...payment, providerRef: '商户单号-7' } as never)
    expect((await notify(origin, { body, secret, timestamp: seconds() })).status).toBe(200)
    expect(await orderRow(t.db, order.orderId)).toMatchObject({ state: 'paid', providerRef: '商户单号-7' })
  })

  it('a verified pending notification is recorded and changes nothing', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    const secret = await sandboxSecret(t.db)
    const payment = { orderNo: order.orderId, state: 'pending', amount: 6_800, currency: 'CNY', providerRef: 'p-1' }
    const answer = await notify(origin, { body: notificationBody(payment as never), secret, timestamp: seconds() })
    expect(answer).toEqual({ status: 200, text: '{"ok":true}' })
    const row = await orderRow(t.db, order.orderId)
    expect(row).toMatchObject({ state: 'pending', providerRef: order.checkoutId })
    expect((await eventsOf(t.db, row.id)).slice(1)).toEqual([
      { kind: 'notify', detail: 'notify: pending, 6800 CNY, ref p-1' },
    ])
  })

  it('a notification for no order of ours, or for another provider path, changes nothing', async () => {
    const secret = await sandboxSecret(t.db)
    const body = notificationBody({
      orderNo: 'MQ20260101000000123456',
      state: 'paid',
      amount: 100,
      currency: 'CNY',
      providerRef: 'x',
    })
    expect(await notify(origin, { body, secret, timestamp: seconds() })).toEqual({
      status: 400,
      text: 'refused: unknown order',
    })
    const other = await notify(origin, { body, secret, timestamp: seconds(), provider: 'alipay' })
    expect(other.status).toBe(404)
    const [refused] = await t.db.select().from(paymentEvents)
    expect(refused).toMatchObject({ orderId: null, kind: 'refused' })
  })

  it('an expired order paid late is credited once and flagged', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    t.clock.advance(ORDER_TTL_MS + MINUTE)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 1, changed: 1 })
    expect((await orderRow(t.db, order.orderId)).state).toBe('expired')
    expect((await t.client.call('recharge/status', { orderId: order.orderId })).body.data).toMatchObject({
      state: 'expired',
    })

    // The provider took the money anyway: its notification comes over HTTP.
    const settled = await sandboxOf(t.app).settle(order.checkoutId, 'paid')
    expect(settled?.changed).toBe(true)
    const row = await orderRow(t.db, order.orderId)
    expect(row).toMatchObject({ state: 'paid', paidLate: true })
    expect(await balanceOf(t.db, userId)).toBe(11_500)
    const events = await eventsOf(t.db, row.id)
    expect(events.map((e) => e.kind)).toEqual(['checkout', 'expired', 'notify', 'paid'])
    expect(events.at(-1)!.detail).toMatch(/^late:/)
    expect(t.logs.filter((line) => line.includes('order paid late'))).toHaveLength(1)

    // Once only, however it is asked again.
    expect((await t.app.payments.orders.sync(order.orderId)).outcome).toBe('unchanged')
    const secret = await sandboxSecret(t.db)
    const again = notificationBody({
      orderNo: order.orderId,
      state: 'paid',
      amount: 6_800,
      currency: 'CNY',
      providerRef: order.checkoutId,
    })
    expect((await notify(origin, { body: again, secret, timestamp: seconds() })).status).toBe(200)
    expect(await balanceOf(t.db, userId)).toBe(11_500)
    expect((await ledgerOf(t.db, userId)).rows).toHaveLength(2)
  })

  it('a payment of a pending order past its expiry, before the sweep closed it, is late too', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    t.clock.advance(ORDER_TTL_MS)
    await sandboxOf(t.app).settle(order.checkoutId, 'paid')
    expect(await orderRow(t.db, order.orderId)).toMatchObject({ state: 'paid', paidLate: true })
    expect(await balanceOf(t.db, userId)).toBe(11_500)
  })

  it('the sweep recovers a notification that was never sent', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    await sandboxOf(t.app).settle(order.checkoutId, 'paid', { notify: false })
    // Too young to ask about: its notification may still be on the way.
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 0, changed: 0 })
    expect((await orderRow(t.db, order.orderId)).state).toBe('pending')

    t.clock.advance(SWEEP_AFTER_MS + 1)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 1, changed: 1 })
    const row = await orderRow(t.db, order.orderId)
    expect(row).toMatchObject({ state: 'paid', paidLate: false })
    expect(await balanceOf(t.db, userId)).toBe(11_500)
    expect((await eventsOf(t.db, row.id)).map((e) => e.kind)).toEqual(['checkout', 'query', 'paid'])
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 0, changed: 0 })
  })

  it('the sweep leaves an unpaid order pending until it expires, then closes it', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    t.clock.advance(10 * MINUTE)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 1, changed: 0 })
    expect((await orderRow(t.db, order.orderId)).state).toBe('pending')
    t.clock.advance(ORDER_TTL_MS)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 1, changed: 1 })
    expect((await orderRow(t.db, order.orderId)).state).toBe('expired')
  })

  it('never expires an order the provider reports paid when the report is refused', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    // The provider took another amount than the order's, and its notification was lost.
    await t.db.update(sandboxPayments).set({ amount: 680 }).where(eq(sandboxPayments.orderNo, order.orderId))
    await sandboxOf(t.app).settle(order.checkoutId, 'paid', { notify: false })
    t.clock.advance(ORDER_TTL_MS + MINUTE)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 1, changed: 0 })
    const row = await orderRow(t.db, order.orderId)
    expect(row).toMatchObject({ state: 'pending', closedAt: null, paidAt: null })
    expect(await eventsOf(t.db, row.id)).toEqual([
      { kind: 'checkout', detail: `ref ${order.checkoutId}` },
      {
        kind: 'refused',
        detail: `query: paid, 680 CNY, ref ${order.checkoutId}: amount 680 differs from the order's 6800`,
      },
    ])
    const warnings = t.logs.filter((line) => line.includes('payment refused: it does not match the order'))
    expect(warnings.map((line) => JSON.parse(line) as object)).toEqual([
      expect.objectContaining({ level: 40, orderNo: order.orderId, source: 'query' }),
    ])
    // Asked since its expiry: the sweep asks again only every 10 minutes, refusing again.
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 0, changed: 0 })
    t.clock.advance(LATE_RECHECK_MS)
    expect(await t.app.payments.orders.sweep()).toEqual({ checked: 1, changed: 0 })
    const synced = await t.app.payments.orders.sync(order.orderId)
    expect(synced).toMatchObject({
      outcome: 'refused',
      before: 'pending',
      reported: 'paid',
      order: { state: 'pending' },
    })
    expect((await eventsOf(t.db, row.id)).filter((e) => e.kind === 'refused')).toHaveLength(3)
    await expectNothingCredited(order.orderId)
  })

  it('a failed payment fails the order and credits nothing', async () => {
    const order = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    expect((await sandboxOf(t.app).settle(order.checkoutId, 'failed'))?.changed).toBe(true)
    const row = await orderRow(t.db, order.orderId)
    expect(row).toMatchObject({ state: 'failed', paidAt: null })
    expect(row.closedAt?.getTime()).toBe(START_MS)
    expect(await balanceOf(t.db, userId)).toBe(0)
    expect((await ledgerOf(t.db, userId)).rows).toEqual([])
    expect((await eventsOf(t.db, row.id)).map((e) => e.kind)).toEqual(['checkout', 'notify', 'failed'])
    // A second report of the failure changes nothing.
    expect((await t.app.payments.orders.sync(order.orderId)).outcome).toBe('unchanged')
    expect(await t.db.select().from(paymentOrders)).toHaveLength(1)
  })
})
