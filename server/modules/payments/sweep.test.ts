import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { balanceOf, loginGuest } from '../wallet/testing.ts'
import { createWalletService } from '../wallet/service.ts'
import { createPaymentCatalogue } from './catalogue.ts'
import { createOrdersService, SWEEP_AFTER_MS } from './orders.ts'
import { auditFindings, insertPackage, orderRow, sandboxOf, submitOrder } from './testing.ts'

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
})
