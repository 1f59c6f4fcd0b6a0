import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { insertVideos, ledgerOf } from '../../modules/wallet/testing.ts'
import { purchases } from '../schema/wallet.ts'
import { users } from '../schema/accounts.ts'
import { DEMO_ACCOUNT, DEMO_PASSWORD, seedDemoAccount } from './account.ts'

describe.each(BACKENDS)('demo account (%s)', (backend) => {
  const t = useTestApp(backend)

  it('logs in with its README password, holds 50 diamonds and one bought video; seeded once', async () => {
    const [, priced] = await insertVideos(t.db, [{ price: 0 }, { price: 300 }, { price: 100 }])
    const now = new Date(t.clock.now())
    await t.db.transaction((tx) => seedDemoAccount(tx, now))
    await t.db.transaction((tx) => seedDemoAccount(tx, now))

    const answer = await t.client.call('login/account/login', { account: DEMO_ACCOUNT, password: DEMO_PASSWORD })
    expect(answer.body).toMatchObject({ code: 200, data: { account: 'demo', isGuest: false, balance: 5000 } })
    const { id, token } = answer.body.data as { id: number; token: string }
    t.client.token = token
    expect((await t.client.call('media/bought', {})).body).toMatchObject({ data: { items: [{ id: priced }] } })
    expect(await t.db.select().from(users).where(eq(users.isGuest, false))).toHaveLength(1)
    expect(await t.db.select().from(purchases)).toHaveLength(1)
    const ledger = await ledgerOf(t.db, id)
    expect(ledger.rows.map((row) => [row.amount, row.refId])).toEqual([
      [5300, null],
      [-300, priced],
    ])
    expect(ledger.total).toBe(5000)
  })
})
