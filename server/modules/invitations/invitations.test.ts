import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { InviteIncome } from '../../../core/contracts/invitations.ts'
import { invites } from '../../db/schema/invitations.ts'
import { messages } from '../../db/schema/messages.ts'
import { pointsLedger } from '../../db/schema/welfare.ts'
import { walletLedger } from '../../db/schema/wallet.ts'
import type { TestClient } from '../../testing/client.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { insertPackage, orderRow, submitOrder } from '../payments/testing.ts'
import { PAYMENTS_RULES } from '../payments/audit.ts'
import { runAudit, WALLET_RULES } from '../wallet/audit.ts'
import { balanceOf, loginGuest } from '../wallet/testing.ts'
import { WELFARE_RULES } from '../welfare/audit.ts'
import { INVITATION_RULES } from './audit.ts'
import { INVITE_CODE_ALPHABET, MAX_WRONG_INVITE_CODES, newInviteCode } from './service.ts'

const HOUR = 3600_000

describe('invite codes', () => {
  it('draws 8 characters of the unambiguous alphabet, skipping bytes that would bias it', () => {
    const bytes = [255, 248, 0, 1, 2, 3, 4, 5, 6, 30, 31]
    let at = 0
    const code = newInviteCode((size) => Uint8Array.from({ length: size }, () => bytes[at++ % bytes.length]!))
    // 255 and 248 are past the last whole run of 31 and drawn again; 30 is the last letter.
    expect(code).toBe('2345678Z')
    expect(INVITE_CODE_ALPHABET).toHaveLength(31)
  })
})

describe.each(BACKENDS)('invitations (%s)', (backend) => {
  const t = useTestApp(backend, { poolSize: 12 })

  async function call<T>(client: TestClient, name: string, body: object, remoteAddress?: string) {
    const answer = await client.call(name, body, remoteAddress ? { remoteAddress } : {})
    return answer.body as { code: number; data: T }
  }
  async function guest(device: string) {
    const client = t.newClient()
    const id = await loginGuest(client, device)
    return { client, id }
  }
  async function codeOf(client: TestClient) {
    return (await call<InviteIncome>(client, 'user/invite/income', {})).data.code
  }
  const redeem = (client: TestClient, code: string, ip?: string) => call(client, 'user/redeem', { code }, ip)
  const register = (client: TestClient, account: string) =>
    call(client, 'login/account/register', { account, password: 'secret-123', devID: '' })
  // Welfare's rules too: registration rewards are points ledger rows.
  const audit = () => runAudit(t.db, [...WALLET_RULES, ...PAYMENTS_RULES, ...WELFARE_RULES, ...INVITATION_RULES])
  const messagesOf = (userId: number) => t.db.select().from(messages).where(eq(messages.userId, userId))

  it("binds once: one's own code, a device the inviter used, a cycle and a second inviter are refused", async () => {
    const a = await guest('device-a')
    const b = await guest('device-b')
    const c = await guest('device-c')
    const codeA = await codeOf(a.client)
    expect(codeA).toMatch(/^[2-9A-HJKMNP-Z]{8}$/)
    expect(await codeOf(a.client)).toBe(codeA)

    expect(await redeem(a.client, codeA)).toMatchObject({ code: 7066 })
    expect(await redeem(b.client, 'ZZZZZZZZ')).toMatchObject({ code: 7064 })
    expect(await redeem(b.client, 'nope')).toMatchObject({ code: 7064 })
    // Typed in lower case with a dash: the same code.
    const typed = `${codeA.slice(0, 4)}-${codeA.slice(4)}`.toLowerCase()
    expect(await redeem(b.client, typed)).toMatchObject({ code: 200, data: { id: a.id, nickname: `游客${a.id}` } })
    expect(await redeem(b.client, await codeOf(c.client))).toMatchObject({ code: 7065 })
    // a → b is there; b's invitee may not become a's inviter (a cycle).
    expect(await redeem(c.client, await codeOf(b.client))).toMatchObject({ code: 200 })
    expect(await redeem(a.client, await codeOf(c.client))).toMatchObject({ code: 7066 })

    // An account that signed in on a device: a guest made there later may not take its code.
    const owner = t.newClient()
    const signedUp = await call<{ token: string }>(owner, 'login/account/register', {
      account: 'owner',
      password: 'secret-123',
      devID: 'device-owner',
    })
    owner.token = signedUp.data.token
    const onOwnersDevice = await guest('device-owner')
    expect(await redeem(onOwnersDevice.client, await codeOf(owner))).toMatchObject({ code: 7066 })
    expect(await t.db.select().from(invites)).toHaveLength(2)
  })

  it('counts wrong codes against the account and the address: past the limit even a right code is refused', async () => {
    const owner = await guest('device-w0')
    const code = await codeOf(owner.client)
    const walker = await guest('device-w1')
    for (let i = 0; i < MAX_WRONG_INVITE_CODES; i++) {
      expect(await redeem(walker.client, 'ZZZZZZZZ', '10.1.1.1')).toMatchObject({ code: 7064 })
    }
    expect(await redeem(walker.client, code, '10.1.1.2')).toMatchObject({ code: 4290 })
    const neighbour = await guest('device-w2')
    expect(await redeem(neighbour.client, code, '10.1.1.1')).toMatchObject({ code: 4290 })
    const elsewhere = await guest('device-w3')
    expect(await redeem(elsewhere.client, code, '10.1.1.3')).toMatchObject({ code: 200 })
    expect(await t.db.select().from(invites)).toHaveLength(1)
  })

  it('binds a new guest from its link at creation; a bad code never fails the login', async () => {
    const inviter = await guest('device-inviter')
    const code = await codeOf(inviter.client)
    const viaLink = t.newClient()
    const answer = await call<{ id: number }>(viaLink, 'login/guest', {
      devID: 'device-new',
      affCode: JSON.stringify({ pc: 'x', inviteCode: code }),
    })
    expect(answer.code).toBe(200)
    const unknown = await call(t.newClient(), 'login/guest', {
      devID: 'device-other',
      affCode: JSON.stringify({ inviteCode: 'WRONG' }),
    })
    expect(unknown.code).toBe(200)
    // The inviter's own device makes a new guest (it was an account's): no self-invite.
    const own = await call(t.newClient(), 'login/guest', {
      devID: 'device-inviter-2',
      affCode: JSON.stringify({ inviteCode: code }),
    })
    expect(own.code).toBe(200)
    const rows = await t.db.select().from(invites)
    expect(rows.map((row) => [row.inviteeId, row.inviterId, row.source, row.registeredAt])).toEqual([
      [answer.data.id, inviter.id, 'link', null],
      [(own.data as { id: number }).id, inviter.id, 'link', null],
    ])
    const sameDevice = await call(t.newClient(), 'login/guest', {
      devID: 'device-inviter',
      affCode: JSON.stringify({ inviteCode: code }),
    })
    expect(sameDevice).toMatchObject({ code: 200, data: { id: inviter.id } })
    expect(await t.db.select().from(invites)).toHaveLength(2)
  })

  it('caps new invitees per inviter and bindings per address each Asia/Shanghai day', async () => {
    await t.rebuild({ inviteDailyCap: 2, inviteIpDailyCap: 3 })
    const inviter = await guest('device-cap')
    const code = await codeOf(inviter.client)
    const invitees = await Promise.all([1, 2, 3].map((i) => guest(`device-cap-${i}`)))
    const answers = await Promise.all(invitees.map((one, i) => redeem(one.client, code, `10.0.0.${i + 1}`)))
    expect(answers.map((a) => a.code).sort()).toEqual([200, 200, 7067])
    // The next day (midnight in Shanghai is 16:00 UTC), the inviter has room again.
    t.clock.advance(16 * HOUR)
    const late = invitees[answers.findIndex((a) => a.code === 7067)]!
    expect(await redeem(late.client, code, '10.0.0.9')).toMatchObject({ code: 200 })

    const others = await Promise.all([4, 5, 6, 7].map((i) => guest(`device-ip-${i}`)))
    const codes = await Promise.all(others.map((one) => codeOf(one.client)))
    const fromOneAddress = await Promise.all(
      [8, 9, 10, 11].map(async (i, n) => redeem((await guest(`device-ip-${i}`)).client, codes[n]!, '10.9.9.9')),
    )
    expect(fromOneAddress.map((a) => a.code).sort()).toEqual([200, 200, 200, 7067])
    expect(await audit()).toEqual([])
  })

  it('rewards the inviter once when the invitee registers, not on guest creation', async () => {
    const inviter = await guest('device-r1')
    const invitee = await guest('device-r2')
    expect(await redeem(invitee.client, await codeOf(inviter.client))).toMatchObject({ code: 200 })
    expect(await t.db.select().from(pointsLedger)).toEqual([])

    t.clock.advance(HOUR)
    const registered = await register(invitee.client, 'invitee1')
    expect(registered).toMatchObject({ code: 200 })
    invitee.client.token = (registered.data as { token: string }).token
    // Again, as the account it became: refused, and nothing paid twice.
    expect(await register(invitee.client, 'invitee2')).toMatchObject({ code: 7031 })
    const points = await t.db.select().from(pointsLedger)
    expect(points.map((row) => [row.userId, row.amount, row.reason, row.refType, row.refId])).toEqual([
      [inviter.id, 100, 'invite-register', 'invite', invitee.id],
    ])
    const [invite] = await t.db.select().from(invites).where(eq(invites.inviteeId, invitee.id))
    expect(invite!.registeredAt?.getTime()).toBe(START_MS + HOUR)
    expect((await messagesOf(inviter.id)).map((m) => [m.type, m.title, m.link])).toEqual([
      ['reward', '邀请奖励', '/mine/invitation'],
    ])

    // An account binding by code registered before it: recorded as registered, nothing paid.
    const account = t.newClient()
    const signedUp = await call<{ id: number; token: string }>(account, 'login/account/register', {
      account: 'late1',
      password: 'secret-123',
      devID: '',
    })
    account.token = signedUp.data.token
    expect(await redeem(account, await codeOf(inviter.client))).toMatchObject({ code: 200 })
    const income = await call<InviteIncome>(inviter.client, 'user/invite/income', {})
    expect(income.data.totals).toEqual({ invitees: 2, registered: 2, diamonds: 0, points: 100 })
    expect(income.data.invitees.items.map((i) => [i.id, i.registered, i.points])).toEqual([
      [signedUp.data.id, true, 0],
      [invitee.id, true, 100],
    ])
    expect(await audit()).toEqual([])
  })

  it("credits the inviter's share of an invitee's top-up once, however often it is reported", async () => {
    const inviter = await guest('device-s1')
    const invitee = await guest('device-s2')
    expect(await redeem(invitee.client, await codeOf(inviter.client))).toMatchObject({ code: 200 })
    const packageId = await insertPackage(t.db, { diamonds: 10_005, bonusDiamonds: 1_000, price: 6_800 })
    const order = await submitOrder(invitee.client, { kind: 'diamonds', itemId: packageId })
    const payment = { orderNo: order.orderId, state: 'paid' as const, amount: 6_800, currency: 'CNY', providerRef: 'x' }
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => t.app.payments.orders.settle(payment, 'notify')),
    )
    expect(outcomes.filter((o) => o.outcome === 'paid')).toHaveLength(1)
    await t.app.payments.orders.settle(payment, 'query')
    const row = await orderRow(t.db, order.orderId)
    const shares = await t.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, inviter.id), eq(walletLedger.reason, 'invite-share')))
    // 10 % of the diamonds, rounded down; the bonus earns none.
    expect(shares.map((s) => [s.amount, s.refType, s.refId])).toEqual([[1000, 'order', row.id]])
    expect(await balanceOf(t.db, inviter.id)).toBe(1000)
    expect((await messagesOf(inviter.id)).map((m) => [m.type, m.title])).toEqual([['reward', '邀请分成']])
    expect((await messagesOf(invitee.id)).map((m) => [m.type, m.link])).toEqual([['order', '/mine/rechargeRecord']])
    const income = await call<InviteIncome>(inviter.client, 'user/invite/income', {})
    expect(income.data.totals).toEqual({ invitees: 1, registered: 0, diamonds: 1000, points: 0 })
    expect(income.data.invitees.items[0]).toMatchObject({ id: invitee.id, diamonds: 1000, registered: false })
    expect(await audit()).toEqual([])
  })

  it('pages invitees newest first by 10', async () => {
    const inviter = await guest('device-p0')
    const code = await codeOf(inviter.client)
    await t.rebuild({ inviteIpDailyCap: 100 })
    const ids: number[] = []
    for (let i = 1; i <= 12; i++) {
      const one = await guest(`device-p${i}`)
      expect(await redeem(one.client, code)).toMatchObject({ code: 200 })
      ids.push(one.id)
      t.clock.advance(1000)
    }
    const client = t.newClient()
    await loginGuest(client, 'device-p0')
    const first = await call<InviteIncome>(client, 'user/invite/income', {})
    expect(first.data.invitees.items.map((i) => i.id)).toEqual(ids.slice(2).reverse())
    const second = await call<InviteIncome>(client, 'user/invite/income', { cursor: first.data.invitees.nextCursor })
    expect(second.data.invitees).toEqual({
      items: [expect.objectContaining({ id: ids[1] }), expect.objectContaining({ id: ids[0] })],
      nextCursor: null,
    })
  })

  it('the audit names a share or a registration reward without its cause', async () => {
    const inviter = await guest('device-x1')
    const stranger = await guest('device-x2')
    const packageId = await insertPackage(t.db, { diamonds: 10_000, price: 6_800 })
    const order = await submitOrder(stranger.client, { kind: 'diamonds', itemId: packageId })
    await t.app.payments.orders.settle(
      { orderNo: order.orderId, state: 'paid', amount: 6_800, currency: 'CNY', providerRef: 'x' },
      'notify',
    )
    const row = await orderRow(t.db, order.orderId)
    const wallet = (await import('../wallet/service.ts')).createWalletService({ db: t.db, now: t.clock.now })
    await t.db.transaction((tx) =>
      wallet.creditIn(tx, inviter.id, 1000, { reason: 'invite-share', refType: 'order', refId: row.id }),
    )
    const { creditPointsIn } = await import('../welfare/points.ts')
    await t.db.transaction((tx) =>
      creditPointsIn(
        tx,
        inviter.id,
        100,
        { reason: 'invite-register', refType: 'invite', refId: stranger.id },
        new Date(START_MS),
      ),
    )
    const findings = await audit()
    expect(findings.map((f) => f.lines)).toEqual([
      [expect.stringContaining(`the order's user ${stranger.id} is not their invitee`)],
      [expect.stringContaining('no such invite')],
    ])
    // A wrong amount for a real invitee is named too: checked at the rate its invite recorded.
    await t.db.insert(invites).values({
      inviteeId: stranger.id,
      inviterId: inviter.id,
      source: 'code',
      ip: '',
      createdAt: new Date(START_MS),
      sharePercent: 20,
    })
    expect((await audit()).map((f) => f.lines)).toEqual([
      [expect.stringContaining('of 10000 diamonds at 20 % gives 2000')],
      [expect.stringContaining('the invitee has not registered')],
    ])
  })

  it('the audit names a top-up share or a registration reward that was never paid', async () => {
    const inviter = await guest('device-y1')
    const buyer = await guest('device-y2')
    const joiner = await guest('device-y3')
    const code = await codeOf(inviter.client)
    expect(await redeem(buyer.client, code)).toMatchObject({ code: 200 })
    expect(await redeem(joiner.client, code)).toMatchObject({ code: 200 })
    const packageId = await insertPackage(t.db, { diamonds: 10_000, price: 6_800 })
    const order = await submitOrder(buyer.client, { kind: 'diamonds', itemId: packageId })
    await t.app.payments.orders.settle(
      { orderNo: order.orderId, state: 'paid', amount: 6_800, currency: 'CNY', providerRef: 'x' },
      'notify',
    )
    expect(await register(joiner.client, 'joiner1')).toMatchObject({ code: 200 })
    expect(await audit()).toEqual([])

    await t.db.delete(walletLedger).where(eq(walletLedger.reason, 'invite-share'))
    await t.db.delete(pointsLedger).where(eq(pointsLedger.reason, 'invite-register'))
    const findings = (await runAudit(t.db, INVITATION_RULES)).map((f) => f.lines)
    expect(findings).toEqual([
      [
        expect.stringContaining(
          `order ${order.orderId} of user ${buyer.id} (10000 diamonds at 10 %): 0 invite-share rows`,
        ),
      ],
      [expect.stringContaining(`invitee ${joiner.id} of user ${inviter.id} (100 points): 0 invite-register rows`)],
    ])
  })

  it('a changed INVITE_SHARE or INVITE_REGISTER_POINTS applies to new invitees and leaves the books right', async () => {
    const inviter = await guest('device-z1')
    const code = await codeOf(inviter.client)
    const early = await guest('device-z2')
    expect(await redeem(early.client, code)).toMatchObject({ code: 200 })
    await t.rebuild({ inviteShare: 20, inviteRegisterPoints: 30 })
    // The rebuilt app answers new clients; the early invitee's session is still good.
    const earlyAgain = t.newClient()
    earlyAgain.token = early.client.token
    const late = await guest('device-z3')
    expect(await redeem(late.client, code)).toMatchObject({ code: 200 })
    const packageId = await insertPackage(t.db, { diamonds: 1_000, price: 680 })
    for (const client of [earlyAgain, late.client]) {
      const order = await submitOrder(client, { kind: 'diamonds', itemId: packageId })
      await t.app.payments.orders.settle(
        { orderNo: order.orderId, state: 'paid', amount: 680, currency: 'CNY', providerRef: 'x' },
        'notify',
      )
    }
    expect(await register(late.client, 'lateinvitee')).toMatchObject({ code: 200 })
    const shares = await t.db.select().from(walletLedger).where(eq(walletLedger.reason, 'invite-share'))
    expect(shares.map((row) => row.amount).sort((a, b) => a - b)).toEqual([100, 200])
    expect((await t.db.select().from(pointsLedger)).map((row) => row.amount)).toEqual([30])
    expect(await audit()).toEqual([])
  })
})
