import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { TaskKind } from '../../../core/contracts/welfare-rules.ts'
import { vipLedger } from '../../db/schema/payments.ts'
import { walletLedger } from '../../db/schema/wallet.ts'
import { pointsBalances, pointsLedger, redeemCodes, taskClaims } from '../../db/schema/welfare.ts'
import { BACKENDS, START_MS, useFreshDatabase } from '../../testing/harness.ts'
import { insertUser } from '../community/testing.ts'
import { PAYMENTS_RULES } from '../payments/audit.ts'
import { createWalletService } from '../wallet/service.ts'
import { WELFARE_RULES } from './audit.ts'
import { creditPointsIn } from './points.ts'
import { createWelfareServices } from './service.ts'
import { insertItem, makeCodes, seedWelfareCatalogue, taskIdOf, welfareAudit } from './testing.ts'

/** Each rule of audit.ts against books broken behind the services' backs. */
describe.each(BACKENDS)('welfare audit rules (%s)', (backend) => {
  const database = useFreshDatabase(backend)
  const now = () => START_MS
  const at = new Date(START_MS)
  const rule = (start: string) => WELFARE_RULES.find((r) => r.rule.startsWith(start))!.rule

  /** A user who signed in, exchanged points for diamonds and VIP days, and redeemed a code: books that balance. */
  async function healthyBooks() {
    const db = database.db
    await seedWelfareCatalogue(db)
    const welfare = createWelfareServices({ db, now, wallet: createWalletService({ db, now }) })
    const userId = await insertUser(db)
    await creditPointsIn(db, userId, 5000, { reason: 'admin: 补偿', refType: null, refId: null }, at)
    await welfare.tasks.claim(userId, await taskIdOf(db, TaskKind.SignIn))
    const diamonds = await insertItem(db, { reward: { kind: 'diamonds', amount: 1000 }, price: 500 })
    const vip = await insertItem(db, { reward: { kind: 'vip', tier: 'normal', days: 1 }, price: 300 })
    await welfare.exchange.exchange(userId, diamonds)
    await welfare.exchange.exchange(userId, vip)
    const { codes } = await makeCodes(db, { reward: { kind: 'vip', tier: 'supreme', days: 7 } })
    await welfare.codes.use(userId, '127.0.0.1', codes[0]!)
    expect(await welfareAudit(db)).toEqual([])
    return userId
  }
  const brokenRules = async () => (await welfareAudit(database.db)).map((finding) => finding.rule)

  it('breaks on points changed behind the ledger: the sum, the chain, the lifetime, a row without a ref', async () => {
    const userId = await healthyBooks()
    const db = database.db
    await db
      .update(pointsBalances)
      .set({ balance: sql`${pointsBalances.balance} + 7` })
      .where(eq(pointsBalances.userId, userId))
    expect(await brokenRules()).toEqual([rule("every user's points ledger sums")])
    await db
      .update(pointsBalances)
      .set({ balance: sql`${pointsBalances.balance} - 7`, lifetime: 6000 })
      .where(eq(pointsBalances.userId, userId))
    expect(await brokenRules()).toEqual([rule("every user's lifetime points")])
    await db.update(pointsBalances).set({ lifetime: 5010 }).where(eq(pointsBalances.userId, userId))
    expect(await brokenRules()).toEqual([])

    // A gift written by hand, consistent with the balance but with no ref and no operator's reason.
    const [last] = await db
      .select()
      .from(pointsLedger)
      .orderBy(sql`${pointsLedger.id} desc`)
      .limit(1)
    await db
      .insert(pointsLedger)
      .values({ userId, amount: 3, balanceAfter: last!.balanceAfter + 3, reason: 'gift', createdAt: at })
    await db
      .update(pointsBalances)
      .set({ balance: sql`${pointsBalances.balance} + 3`, lifetime: 5013 })
      .where(eq(pointsBalances.userId, userId))
    expect(await brokenRules()).toEqual([rule('every points row without a ref')])
    // A row that does not follow its predecessor.
    await db.insert(pointsLedger).values({ userId, amount: 1, balanceAfter: 1, reason: 'admin: x', createdAt: at })
    expect(await brokenRules()).toContain(rule("each points ledger row's balance_after"))
  })

  it('breaks on a negative balance once the check constraint is gone', async () => {
    const userId = await healthyBooks()
    await database.db.execute(sql`alter table points_balances drop constraint points_balances_check`)
    await database.db.update(pointsBalances).set({ balance: -1 }).where(eq(pointsBalances.userId, userId))
    expect(await brokenRules()).toEqual([rule("every user's points ledger sums"), rule('no points balance')])
  })

  it('breaks on a claim never paid, a reward paid twice, and a row nothing produced', async () => {
    const userId = await healthyBooks()
    const db = database.db
    const paid = rule('every task claim, exchange and code use paid')
    const unexplained = rule('every points or wallet row of a task claim')
    // A claim inserted without its reward.
    const [claim] = await db
      .insert(taskClaims)
      .values({
        userId,
        taskId: await taskIdOf(db, TaskKind.Publish),
        period: '2026-01-01',
        rewardKind: 'points',
        rewardAmount: 20,
        createdAt: at,
      })
      .returning({ id: taskClaims.id })
    expect(await brokenRules()).toEqual([paid])
    // Paid by hand, then the diamonds of an exchange credited a second time.
    await creditPointsIn(db, userId, 20, { reason: 'task', refType: 'task-claim', refId: claim!.id }, at)
    expect(await brokenRules()).toEqual([])
    const [exchangeRow] = await db.select().from(walletLedger).where(eq(walletLedger.refType, 'exchange'))
    await createWalletService({ db, now }).creditIn(db, userId, 1000, {
      reason: 'exchange-reward',
      refType: 'exchange',
      refId: exchangeRow!.refId!,
    })
    expect(await brokenRules()).toEqual([paid])
    const report = (await welfareAudit(db))[0]!.lines
    expect(report).toEqual([
      `exchange #${exchangeRow!.refId} of user ${userId}: 2 wallet row(s) of exchange-reward 1000, expected 1`,
    ])
    // A credit pointing at an exchange that does not exist.
    await createWalletService({ db, now }).creditIn(db, userId, 50, {
      reason: 'exchange-reward',
      refType: 'exchange',
      refId: 999,
    })
    expect(await brokenRules()).toEqual([paid, unexplained])
  })

  it('breaks on a VIP reward without its membership row, or a membership row no reward made, and on code uses', async () => {
    const userId = await healthyBooks()
    const db = database.db
    const vipRule = rule('the membership rows of welfare rewards')
    await db.delete(vipLedger).where(eq(vipLedger.reason, 'redeem-code'))
    expect(await brokenRules()).toEqual([vipRule])
    await db
      .insert(vipLedger)
      .values({ userId, tier: 'supreme', days: 7, expireAfter: at, reason: 'redeem-code', createdAt: at })
    expect(await brokenRules()).toEqual([])
    await db
      .insert(vipLedger)
      .values({ userId, tier: 'dark', days: 30, expireAfter: at, reason: 'task', createdAt: at })
    expect(await brokenRules()).toEqual([vipRule])
    await db.delete(vipLedger).where(eq(vipLedger.tier, 'dark'))

    await db.update(redeemCodes).set({ uses: 0 })
    expect(await brokenRules()).toEqual([rule("every redeem code's uses")])
  })

  it('breaks on a points row whose (ref, reason) no flow writes', async () => {
    const userId = await healthyBooks()
    const db = database.db
    // Through the ledger's own function, so the sums and the chain hold: only the pair is wrong.
    await creditPointsIn(db, userId, 5, { reason: 'gift', refType: 'invite', refId: userId }, at)
    expect(await brokenRules()).toEqual([rule('every points row with a ref has')])
    const [finding] = await welfareAudit(db)
    expect(finding!.lines).toEqual([
      expect.stringMatching(
        new RegExp(`^points row #\\d+ of user ${userId}: gift 5, ref invite #${userId}, which no flow writes$`),
      ),
    ])
  })

  it("breaks on a membership row without an order whose reason is no reward's, leaving order reasons to payments", async () => {
    const userId = await healthyBooks()
    const db = database.db
    const [gift] = await db
      .insert(vipLedger)
      .values({ userId, tier: 'normal', days: 3, expireAfter: at, reason: 'gift', createdAt: at })
      .returning({ id: vipLedger.id })
    expect(await brokenRules()).toEqual([rule('every membership row without an order')])
    expect((await welfareAudit(db))[0]!.lines[0]).toMatch(
      new RegExp(`^membership row #${gift!.id} of user ${userId}: gift normal 3 days at .* without an order$`),
    )
    await db.delete(vipLedger).where(eq(vipLedger.id, gift!.id))
    await db
      .insert(vipLedger)
      .values({ userId, tier: 'normal', days: 3, expireAfter: at, reason: 'order', createdAt: at })
    expect(await brokenRules()).toEqual([
      PAYMENTS_RULES.find((r) => r.rule.startsWith('every membership row of an order'))!.rule,
    ])
  })
})
