import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CardTier, OrderState } from '../../../core/contracts/payments.ts'
import { parseConfig } from '../../config.ts'
import { users } from '../../db/schema/accounts.ts'
import { vipLedger } from '../../db/schema/payments.ts'
import { postPurchases } from '../../db/schema/community.ts'
import { walletLedger } from '../../db/schema/wallet.ts'
import { seedDemoData } from '../../db/seed.ts'
import {
  insertOrder,
  paidOrder,
  refundDiamondOrder,
  refundVipOrder,
  type OrderSpec,
} from '../../modules/payments/order-fixtures.ts'
import { createPostsService } from '../../modules/community/posts.ts'
import { insertPost } from '../../modules/community/testing.ts'
import * as walletRepo from '../../modules/wallet/repo.ts'
import { createWalletService } from '../../modules/wallet/service.ts'
import { BACKENDS, START_MS, useFreshDatabase } from '../../testing/harness.ts'
import { prepareCommand, runCommand, type AdminAnswer } from '../run-command.ts'

describe.each(BACKENDS)('wallet:audit (%s)', (backend) => {
  const database = useFreshDatabase(backend)
  const config = parseConfig({})
  const at = new Date(START_MS)

  async function audit(): Promise<AdminAnswer> {
    const prepared = prepareCommand({ command: 'wallet:audit', args: [], cwd: '/' })
    if (!('run' in prepared)) return prepared
    return runCommand(prepared, { config, db: database.db, now: () => START_MS, progress: () => {} })
  }
  /** The broken rules' report; fails the test when the audit passed. */
  async function broken(): Promise<string> {
    const answer = await audit()
    expect(answer).toMatchObject({ ok: false, usage: false })
    return (answer as { error: string }).error
  }

  async function newUser(): Promise<number> {
    const [row] = await database.db
      .insert(users)
      .values({ nickname: '买家', createdAt: at })
      .returning({ id: users.id })
    return row!.id
  }

  /** A wallet row written consistently (balance and balance_after agree) but by no order. */
  async function creditBehindTheBack(userId: number, amount: number, row: { reason: string; refId: number | null }) {
    await database.db.transaction(async (tx) => {
      const balance = await walletRepo.creditBalance(tx, userId, amount)
      await walletRepo.appendLedger(tx, {
        userId,
        amount,
        balanceAfter: balance!,
        reason: row.reason,
        refType: row.refId === null ? null : walletRepo.RefType.Order,
        refId: row.refId,
        at,
      })
    })
  }

  /** Orders in every state, each with exactly what the orders service writes. */
  async function healthyOrders(userId: number) {
    const spec = (more: Partial<OrderSpec>): Omit<OrderSpec, 'state'> => ({ userId, at, ...more })
    await paidOrder(database.db, spec({ diamonds: 6000 }))
    const refunded = await paidOrder(database.db, spec({ diamonds: 30_000, bonusDiamonds: 1500 }))
    await refundDiamondOrder(database.db, refunded, at)
    await paidOrder(database.db, spec({ tier: CardTier.Supreme, days: 30 }))
    const vip = await paidOrder(database.db, spec({ tier: CardTier.Dark, days: 90 }))
    await refundVipOrder(database.db, vip, at)
    for (const state of [OrderState.Pending, OrderState.Expired, OrderState.Failed]) {
      await insertOrder(database.db, { ...spec({ diamonds: 600 }), state })
    }
  }

  it('passes on an empty database', async () => {
    expect(await audit()).toEqual({
      ok: true,
      output:
        'all 26 rules hold (0 users, 0 wallet ledger rows, 0 orders, 0 membership rows, 0 post purchases, 0 points ledger rows)',
    })
  })

  it('passes on the seeded demo (its account bought a video, its invitee topped up) with orders in every state', async () => {
    await seedDemoData(database.db, at)
    const userId = await newUser()
    await createWalletService({ db: database.db, now: () => START_MS }).credit(userId, 500, 'admin: 补偿')
    await healthyOrders(userId)
    const answer = await audit()
    expect(answer).toEqual({
      ok: true,
      output:
        'all 26 rules hold (14 users, 24 wallet ledger rows, 8 orders, 3 membership rows, 5 post purchases, 4 points ledger rows)',
    })
  })

  it('fails on a ledger row inserted behind the service, printing that row', async () => {
    const userId = await newUser()
    await paidOrder(database.db, { userId, at, diamonds: 6000 })
    const [row] = await database.db
      .insert(walletLedger)
      .values({ userId, amount: 700, balanceAfter: 6700, reason: 'admin: 手写', createdAt: at })
      .returning({ id: walletLedger.id })
    expect(await broken()).toBe(
      [
        'wallet:audit: 1 of 26 rules broken:',
        "✗ every user's ledger amounts sum to the balance, and the latest row leaves that balance (no rows: balance 0)",
        `    user ${userId}: balance 6000, but its 2 ledger rows sum to 6700 and the latest, #${row!.id}, leaves 6700`,
      ].join('\n'),
    )
    // A row that does not follow its predecessor is printed as itself.
    const [odd] = await database.db
      .insert(walletLedger)
      .values({ userId, amount: 100, balanceAfter: 50, reason: 'admin: 手写', createdAt: at })
      .returning({ id: walletLedger.id })
    expect(await broken()).toContain(
      `✗ each ledger row's balance_after is the user's previous row's balance_after plus its amount\n` +
        `    row #${odd!.id} of user ${userId}: admin: 手写 100 leaves 50, but the previous row, #${row!.id}, left 6700`,
    )
  })

  it('fails on a balance changed behind the service, and on a balance without a ledger', async () => {
    const userId = await newUser()
    await paidOrder(database.db, { userId, at, diamonds: 6000 })
    await database.db.update(users).set({ balance: 9000 }).where(eq(users.id, userId))
    const other = await newUser()
    await database.db.update(users).set({ balance: 5 }).where(eq(users.id, other))
    expect(await broken()).toContain(
      `    user ${userId}: balance 9000, but its 1 ledger rows sum to 6000 and the latest, #1, leaves 6000\n` +
        `    user ${other}: balance 5 without a ledger row`,
    )
  })

  it('fails on a paid order without its credit, without its bonus, or a refund without its debit', async () => {
    const userId = await newUser()
    const unpaid = await insertOrder(database.db, { userId, at, diamonds: 6000, state: OrderState.Paid })
    const noBonus = await insertOrder(database.db, {
      userId,
      at,
      diamonds: 30_000,
      bonusDiamonds: 1500,
      state: OrderState.Paid,
    })
    await creditBehindTheBack(userId, 30_000, { reason: 'recharge', refId: noBonus.id })
    const card = await insertOrder(database.db, { userId, at, tier: CardTier.Normal, days: 30, state: 'paid' })
    const report = await broken()
    expect(report).toContain(
      [
        '✗ every paid or refunded diamond order has exactly one recharge row of its diamonds, one recharge-bonus row of its bonus when it has one, and when refunded one refund row of both',
        `    order ${unpaid.orderNo} (#${unpaid.id}, user ${userId}, paid): 0 recharge row(s) of 6000, expected 1`,
        `    order ${noBonus.orderNo} (#${noBonus.id}, user ${userId}, paid): 0 recharge-bonus row(s) of 1500, expected 1`,
      ].join('\n'),
    )
    expect(report).toContain(
      `    order ${card.orderNo} (#${card.id}, user ${userId}, paid): 0 order row(s) of normal 30 days, expected 1`,
    )
    // Only the order rules: the balances still add up.
    expect(report).toMatch(/^wallet:audit: 2 of 26 rules broken:/)
  })

  it('fails on a credit without an order: unknown, pending, another user’s, or an order reason with no ref', async () => {
    const userId = await newUser()
    const other = await newUser()
    const pending = await insertOrder(database.db, { userId, at, diamonds: 6000 })
    const theirs = await paidOrder(database.db, { userId: other, at, diamonds: 6000 })
    await creditBehindTheBack(userId, 100, { reason: 'recharge', refId: 999_999 })
    await creditBehindTheBack(userId, 6000, { reason: 'recharge', refId: pending.id })
    await creditBehindTheBack(userId, 200, { reason: 'recharge-bonus', refId: theirs.id })
    await creditBehindTheBack(userId, 300, { reason: 'recharge', refId: null })
    const rows = await database.db.select().from(walletLedger).where(eq(walletLedger.userId, userId))
    const ids = rows.map((row) => row.id)
    const report = await broken()
    expect(report).toContain(
      [
        '✗ every wallet row of an order (or with an order-only reason) is one its order produced: an existing, paid or refunded diamond order of the same user',
        `    row #${ids[0]} of user ${userId}: recharge 100, ref order #999999: no such order`,
        `    row #${ids[1]} of user ${userId}: recharge 6000, ref order #${pending.id}: the order is pending`,
        `    row #${ids[2]} of user ${userId}: recharge-bonus 200, ref order #${theirs.id}: the order is user ${other}'s`,
        `    row #${ids[3]} of user ${userId}: recharge 300, ref - #-: an order-only reason without an order`,
      ].join('\n'),
    )
    // The row without a ref is not an operator's credit either.
    expect(report).toMatch(/^wallet:audit: 2 of 26 rules broken:/)
    expect(report).toContain(`    row #${ids[3]} of user ${userId}: recharge 300 without a ref`)
  })

  it("fails on a row without a ref that is not an operator's credit: a gift written behind the service's back", async () => {
    const userId = await newUser()
    await createWalletService({ db: database.db, now: () => START_MS }).credit(userId, 500, 'admin: 补偿')
    await creditBehindTheBack(userId, 200, { reason: 'gift', refId: null })
    const [gift] = await database.db
      .select({ id: walletLedger.id })
      .from(walletLedger)
      .where(eq(walletLedger.reason, 'gift'))
    expect(await broken()).toBe(
      [
        'wallet:audit: 1 of 26 rules broken:',
        "✗ every ledger row without a ref is an operator's credit (reason `admin: …`) or the demo seed's (`demo: …`)",
        `    row #${gift!.id} of user ${userId}: gift 200 without a ref`,
      ].join('\n'),
    )
  })

  it('fails on a membership row without its order', async () => {
    const userId = await newUser()
    const expire = new Date(START_MS + 30 * 86_400_000)
    const [row] = await database.db
      .insert(vipLedger)
      .values({ userId, tier: 'supreme', days: 30, expireAfter: expire, reason: 'order', createdAt: at })
      .returning({ id: vipLedger.id })
    expect(await broken()).toContain(
      `    membership row #${row!.id} of user ${userId}: order supreme 30 days, order -: an order's reason without an order`,
    )
  })

  /** A priced post bought through post/pay's service: the buyer's debit and the author's share. */
  async function boughtPost() {
    const author = await newUser()
    const buyer = await newUser()
    await createWalletService({ db: database.db, now: () => START_MS }).credit(buyer, 1000, 'admin: 测试')
    const postId = await insertPost(database.db, { authorId: author, price: 250 })
    const posts = createPostsService({ db: database.db, now: () => START_MS, config, playLines: async () => [] })
    await posts.pay(buyer, postId)
    const [purchase] = await database.db.select().from(postPurchases).where(eq(postPurchases.postId, postId))
    const ledger = await database.db.select().from(walletLedger).where(eq(walletLedger.refId, postId))
    const rowOf = (reason: string) => ledger.find((row) => row.reason === reason)!
    return { author, buyer, postId, purchase: purchase!, debit: rowOf('post'), credit: rowOf('creator-share') }
  }
  const PURCHASE_RULE =
    '✗ each post purchase has exactly one buyer debit of its price (reason post) and, when its author_share is ' +
    'above 0, one author credit of that share (reason creator-share), both with ref post'
  const POST_ROW_RULE =
    '✗ every wallet row that refers to a post (or has a post reason) is one a purchase of that post produced'
  const AUTHOR_RULE = "✗ each post purchase credits the post's author, who is not its buyer"

  it("fails on a post purchase whose author's share was deleted", async () => {
    const { author, postId, credit } = await boughtPost()
    expect(await audit()).toMatchObject({ ok: true })
    await database.db.delete(walletLedger).where(eq(walletLedger.id, credit.id))
    const report = await broken()
    expect(report).toContain(
      `${PURCHASE_RULE}\n    post ${postId}, user ${author}: 0 creator-share row(s) of 175, expected 1`,
    )
    expect(report).not.toContain(POST_ROW_RULE)
    expect(report).not.toContain(AUTHOR_RULE)
  })

  it('fails on a second debit of a post purchase', async () => {
    const { buyer, postId, debit } = await boughtPost()
    const { id: _id, ...copy } = debit
    await database.db.insert(walletLedger).values(copy)
    const report = await broken()
    expect(report).toContain(`${PURCHASE_RULE}\n    post ${postId}, user ${buyer}: 2 post row(s) of -250, expected 1`)
    expect(report).not.toContain(POST_ROW_RULE)
    expect(report).not.toContain(AUTHOR_RULE)
  })

  it('fails on a creator-share row no purchase produced: another post, or none', async () => {
    const { author, postId } = await boughtPost()
    const unsold = await insertPost(database.db, { authorId: author, price: 250 })
    for (const refId of [unsold, null]) {
      await database.db.transaction(async (tx) => {
        const balance = await walletRepo.creditBalance(tx, author, 175)
        const refType = refId === null ? null : walletRepo.RefType.Post
        await walletRepo.appendLedger(tx, {
          ...{ userId: author, amount: 175, balanceAfter: balance!, reason: 'creator-share', refType, refId, at },
        })
      })
    }
    const rows = await database.db.select().from(walletLedger).where(eq(walletLedger.userId, author))
    const [, forUnsold, withoutRef] = rows.map((row) => row.id)
    const report = await broken()
    expect(report).toContain(
      [
        POST_ROW_RULE,
        `    row #${forUnsold} of user ${author}: creator-share 175, ref post #${unsold}: no purchase of the post produces it`,
        `    row #${withoutRef} of user ${author}: creator-share 175, ref - #-: no purchase of the post produces it`,
      ].join('\n'),
    )
    expect(report).not.toContain(PURCHASE_RULE)
    expect(report).not.toContain(`post ${postId}`)
  })

  it('fails on a post purchase that names someone else as the author', async () => {
    const { author, buyer, postId, purchase, credit } = await boughtPost()
    const other = await newUser()
    await database.db.update(postPurchases).set({ authorId: other }).where(eq(postPurchases.id, purchase.id))
    const report = await broken()
    expect(report).toContain(
      `${AUTHOR_RULE}\n    purchase #${purchase.id} of post ${postId} by user ${buyer}: credits user ${other}, the post is user ${author}'s`,
    )
    expect(report).toContain(
      `${PURCHASE_RULE}\n    post ${postId}, user ${other}: 0 creator-share row(s) of 175, expected 1`,
    )
    expect(report).toContain(
      `${POST_ROW_RULE}\n    row #${credit.id} of user ${author}: creator-share 175, ref post #${postId}: no purchase of the post produces it`,
    )
    // A buyer who is the author (written behind the service's back) is named as such.
    await database.db.update(postPurchases).set({ authorId: buyer }).where(eq(postPurchases.id, purchase.id))
    expect(await broken()).toContain(
      `    purchase #${purchase.id} of post ${postId} by user ${buyer}: credits user ${buyer}, the post is user ${author}'s`,
    )
  })

  it('prints at most 100 rows of a rule', async () => {
    await database.db.execute(
      sql`insert into users (nickname, balance, created_at) select 'x', 1, now() from generate_series(1, 101)`,
    )
    const report = await broken()
    expect(report.split('\n').filter((line) => / without a ledger row$/.test(line))).toHaveLength(100)
    expect(report).toMatch(/\n {4}… and more \(the first 100 shown\)$/)
  })

  it('takes no arguments', () => {
    expect(prepareCommand({ command: 'wallet:audit', args: ['x'], cwd: '/' })).toMatchObject({
      ok: false,
      usage: true,
    })
  })
})
