import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CardTier } from '../../../core/contracts/payments.ts'
import { parseConfig } from '../../config.ts'
import { users } from '../../db/schema/accounts.ts'
import { paymentEvents, paymentOrders } from '../../db/schema/payments.ts'
import { walletLedger } from '../../db/schema/wallet.ts'
import { insertOrder, paidOrder, refundDiamondOrder } from '../../modules/payments/order-fixtures.ts'
import { BACKENDS, START_MS, useFreshDatabase } from '../../testing/harness.ts'
import { prepareCommand, runCommand, type AdminAnswer } from '../run-command.ts'

describe.each(BACKENDS)('order:show (%s)', (backend) => {
  const database = useFreshDatabase(backend)
  const config = parseConfig({})
  const at = new Date(START_MS)

  async function admin(...args: string[]): Promise<AdminAnswer> {
    const prepared = prepareCommand({ command: 'order:show', args, cwd: '/' })
    if (!('run' in prepared)) return prepared
    return runCommand(prepared, { config, db: database.db, now: () => START_MS, progress: () => {} })
  }
  async function newUser(): Promise<number> {
    const [row] = await database.db
      .insert(users)
      .values({ nickname: '买家', createdAt: at })
      .returning({ id: users.id })
    return row!.id
  }

  it('shows a refunded diamond order with its events and its three wallet rows', async () => {
    const userId = await newUser()
    const order = await paidOrder(database.db, { userId, at, diamonds: 30_000, bonusDiamonds: 1500, amount: 3000 })
    await database.db.insert(paymentEvents).values([
      { orderId: order.id, provider: 'sandbox', kind: 'checkout', createdAt: at },
      { orderId: order.id, provider: 'sandbox', kind: 'paid', detail: 'notify', createdAt: at },
    ])
    await refundDiamondOrder(database.db, order, new Date(START_MS + 3600_000))
    const events = await database.db.select({ id: paymentEvents.id }).from(paymentEvents).orderBy(paymentEvents.id)
    const rows = await database.db.select({ id: walletLedger.id }).from(walletLedger).orderBy(walletLedger.id)
    const expected = [
      `order ${order.orderNo} (#${order.id})`,
      `  user       ${userId}`,
      '  kind       diamonds',
      '  title      300 钻石',
      '  item       package #1: 30000 (300) + bonus 1500 (15) diamonds',
      '  amount     ¥30.00 (3000 fen, CNY)',
      '  pay type   alipay',
      '  state      refunded',
      '  paid late  no',
      '  created    2026-01-01 08:00:00',
      '  expires    2026-01-01 08:30:00',
      '  paid       2026-01-01 08:00:00',
      '  closed     2026-01-01 09:00:00',
      `  provider   sandbox, ref SB-${START_MS}`,
      'events (2):',
      `  #${events[0]!.id}  2026-01-01 08:00:00  sandbox checkout`,
      `  #${events[1]!.id}  2026-01-01 08:00:00  sandbox paid  notify`,
      'ledger rows (3):',
      `  wallet #${rows[0]!.id}  2026-01-01 08:00:00  recharge  +30000 (300)  balance 30000 (300)`,
      `  wallet #${rows[1]!.id}  2026-01-01 08:00:00  recharge-bonus  +1500 (15)  balance 31500 (315)`,
      `  wallet #${rows[2]!.id}  2026-01-01 09:00:00  refund  -31500 (-315)  balance 0 (0)`,
    ].join('\n')
    expect(await admin(order.orderNo)).toEqual({ ok: true, output: expected })
    expect(await admin(String(order.id))).toEqual({ ok: true, output: expected })
  })

  it('shows a VIP order paid late with its membership row, and a pending one with none', async () => {
    const userId = await newUser()
    const order = await paidOrder(database.db, { userId, at, tier: CardTier.Supreme, days: 30, amount: 5800 })
    await database.db.update(paymentOrders).set({ paidLate: true }).where(eq(paymentOrders.id, order.id))
    const output = ((await admin(order.orderNo)) as { output: string }).output
    expect(output).toContain('  title      至尊会员 30天\n  item       card #1: supreme 30 days\n  amount     ¥58.00')
    expect(output).toContain('  paid late  yes (paid after it had expired or failed)')
    expect(output).toMatch(
      /\nevents \(0\):\nledger rows \(1\):\n {2}membership #\d+ {2}2026-01-01 08:00:00 {2}order {2}supreme \+30 days {2}expiry - → 2026-01-31 08:00:00$/,
    )
    const pending = await insertOrder(database.db, { userId, at })
    const shown = ((await admin(pending.orderNo)) as { output: string }).output
    expect(shown).toContain('  state      pending\n  paid late  no')
    expect(shown).toContain('  paid       -\n  closed     -\n  provider   sandbox, ref -')
    expect(shown).toMatch(/\nledger rows \(0\):$/)
  })

  it('refuses an unknown order and a malformed argument', async () => {
    expect(await admin('MQ20260101000000999999')).toEqual({
      ok: false,
      usage: false,
      error: 'order:show: no order MQ20260101000000999999',
    })
    expect(await admin('42')).toMatchObject({ ok: false, usage: false })
    for (const bad of [[], ['MQ123'], ['0'], ['1', '2']]) {
      expect(await admin(...bad)).toMatchObject({ ok: false, usage: true })
    }
  })
})
