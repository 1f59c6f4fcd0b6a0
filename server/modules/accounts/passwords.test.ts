import * as v from 'valibot'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LoginResultSchema } from '../../../core/contracts/session.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import { sessions, users } from '../../db/schema/accounts.ts'
import { favourites } from '../../db/schema/watching.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import type { TestClient } from '../../testing/client.ts'
import { createWalletService } from '../wallet/service.ts'
import { balanceOf, insertVideos, loginGuest } from '../wallet/testing.ts'
import { MAX_FAILURES } from './service.ts'

type Login = { id: number; token: string }
const PASSWORD = 'correct horse 1'

describe.each(BACKENDS)('password accounts (%s)', (backend) => {
  const t = useTestApp(backend)

  /** Registers on `client`'s session (a guest's, or none); the client takes the new token. */
  async function register(client: TestClient, account: string, password = PASSWORD, devID = '') {
    const answer = await client.call('login/account/register', { account, password, devID })
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
    const data = v.parse(LoginResultSchema, answer.body.data)
    client.token = data.token
    return data
  }
  const login = (client: TestClient, account: string, password: string, remoteAddress?: string) =>
    client.call('login/account/login', { account, password }, remoteAddress ? { remoteAddress } : {})

  it('a guest that registers keeps its id, balance, purchase and favourite; its old token ends', async () => {
    const [priced, liked] = await insertVideos(t.db, [{ price: 300 }, {}])
    const guestId = await loginGuest(t.client, 'device-reg-guest')
    const guestToken = t.client.token
    await createWalletService({ db: t.db, now: t.clock.now }).credit(guestId, 1000, 'test')
    expect((await t.client.call('media/pay', { id: priced })).body.code).toBe(200)
    expect((await t.client.call('collect/operate', { id: liked })).body.code).toBe(200)

    const account = await register(t.client, 'Guest_Turned', PASSWORD, 'device-reg-guest')
    expect(account).toMatchObject({ id: guestId, isGuest: false, account: 'Guest_Turned', balance: 700 })
    expect(account.nickname).toBe('Guest_Turned')
    expect(account.token).not.toBe(guestToken)
    expect((await t.client.call('user/info', {}, { token: guestToken })).body.code).toBe(ResultCode.SessionInvalid)
    expect((await t.client.call('user/info', {})).body).toMatchObject({ code: 200, data: { id: guestId } })
    expect(await t.db.select().from(favourites).where(eq(favourites.userId, guestId))).toHaveLength(1)
    // The device no longer logs in as the account: login/guest there makes a new guest.
    const other = t.newClient()
    expect(await loginGuest(other, 'device-reg-guest')).not.toBe(guestId)

    // Another device logs in by password and sees the same purchase and balance.
    const second = t.newClient()
    await loginGuest(second, 'device-second')
    const answer = await login(second, 'guest_turned', PASSWORD)
    expect(answer.body).toMatchObject({ code: 200, data: { id: guestId, balance: 700, isGuest: false } })
    second.token = (answer.body.data as Login).token
    const bought = await second.call('media/bought', {})
    expect(bought.body).toMatchObject({ code: 200, data: { items: [{ id: priced }] } })
  })

  it('without a session registers a new account named after itself; names are unique in any case', async () => {
    const first = await register(t.client, 'Alice_1')
    expect(first).toMatchObject({ isGuest: false, nickname: 'Alice_1', balance: 0 })
    const taken = await t.newClient().call('login/account/register', { account: 'aLICE_1', password: PASSWORD })
    expect(taken.body).toMatchObject({ code: BusinessCode.AccountTaken, data: null, tip: '该账号已被注册' })
    // A guest refused a taken name stays a guest with its session.
    const guest = t.newClient()
    const guestId = await loginGuest(guest, 'device-taken')
    expect((await guest.call('login/account/register', { account: 'ALICE_1', password: PASSWORD })).body.code).toBe(
      BusinessCode.AccountTaken,
    )
    expect((await guest.call('user/info', {})).body).toMatchObject({ code: 200, data: { id: guestId, isGuest: true } })
    expect(await t.db.select().from(users).where(eq(users.isGuest, false))).toHaveLength(1)
  })

  it('an account registering again answers 7031 and nothing changes', async () => {
    const me = await register(t.client, 'already_one')
    const again = await t.client.call('login/account/register', { account: 'second_name', password: PASSWORD })
    expect(again.body).toMatchObject({ code: BusinessCode.AlreadyAccount, data: null })
    expect((await t.client.call('user/info', {})).body).toMatchObject({ data: { id: me.id, account: 'already_one' } })
  })

  it('two registrations of one name at once: one account, the other hears 7020', async () => {
    const answers = await Promise.all(
      ['Racer', 'racer'].map((account) =>
        t.newClient().call('login/account/register', { account: `${account}_x`, password: PASSWORD }),
      ),
    )
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, BusinessCode.AccountTaken])
    expect(await t.db.select().from(users)).toHaveLength(1)
  })

  it('logging in on a device holding a guest ends that session; the guest keeps its own data', async () => {
    const owner = await register(t.newClient(), 'owner_acc')
    const guestId = await loginGuest(t.client, 'device-shared')
    const guestToken = t.client.token
    await createWalletService({ db: t.db, now: t.clock.now }).credit(guestId, 500, 'test')
    const answer = await login(t.client, 'OWNER_ACC', PASSWORD)
    expect(answer.body).toMatchObject({ code: 200, data: { id: owner.id, balance: 0 } })
    expect((await t.client.call('user/info', {}, { token: guestToken })).body.code).toBe(ResultCode.SessionInvalid)
    expect(await balanceOf(t.db, guestId)).toBe(500)
  })

  it('a wrong password and an unknown account answer byte for byte alike', async () => {
    await register(t.client, 'known_acc')
    const wrongPassword = await login(t.newClient(), 'known_acc', 'not the password')
    const unknownAccount = await login(t.newClient(), 'nobody_here', 'not the password')
    const wrongShape = await login(t.newClient(), 'no!', 'x')
    expect(wrongPassword.body).toEqual({
      code: BusinessCode.LoginFailed,
      data: null,
      tip: '账号或密码错误',
      msg: '账号或密码错误',
      ...(wrongPassword.body.serverTime === undefined ? {} : { serverTime: wrongPassword.body.serverTime }),
    })
    for (const other of [unknownAccount, wrongShape]) {
      expect(other.status).toBe(wrongPassword.status)
      expect(JSON.stringify(other.body)).toBe(JSON.stringify(wrongPassword.body))
    }
  })

  it.each([
    ['an existing account', 'victim_acc'],
    ['an unknown account', 'ghost_acc'],
  ])('30 wrong passwords for %s: 7021 up to the limit, then 4290 with Retry-After', async (_, account) => {
    await register(t.client, 'victim_acc')
    // From many addresses, so only the account's own count can stop them.
    const codes: number[] = []
    let refused = null as Awaited<ReturnType<typeof login>> | null
    for (let i = 0; i < 30; i++) {
      const answer = await login(t.newClient(), account, `wrong password ${i}`, `198.51.100.${i + 1}`)
      codes.push(answer.body.code)
      refused ??= answer.body.code === ResultCode.RateLimited ? answer : null
    }
    expect(codes).toEqual([
      ...Array<number>(MAX_FAILURES).fill(BusinessCode.LoginFailed),
      ...Array<number>(30 - MAX_FAILURES).fill(ResultCode.RateLimited),
    ])
    expect(refused!.status).toBe(429)
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0)
    // The right password is refused too while the account is locked; another account is not.
    expect((await login(t.newClient(), account, PASSWORD, '203.0.113.1')).body.code).toBe(ResultCode.RateLimited)
    expect((await login(t.newClient(), 'other_acc', 'whatever pw', '203.0.113.2')).body.code).toBe(
      BusinessCode.LoginFailed,
    )
  })

  it('30 wrong passwords sent at once: the limit holds, as each takes its point before it is checked', async () => {
    await register(t.client, 'rushed_acc')
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t.newClient(), 'rushed_acc', `wrong ${i}`, `198.51.100.${i + 1}`)),
    )
    const codes = answers.map((answer) => answer.body.code)
    expect(codes.filter((code) => code === BusinessCode.LoginFailed)).toHaveLength(MAX_FAILURES)
    expect(codes.filter((code) => code === ResultCode.RateLimited)).toHaveLength(30 - MAX_FAILURES)
  })

  it('logging in as another account ends the session the caller held', async () => {
    await register(t.newClient(), 'second_acc')
    const first = await register(t.client, 'first_acc')
    const answer = await login(t.client, 'second_acc', PASSWORD)
    expect(answer.body.code).toBe(200)
    expect((await t.client.call('user/info', {}, { token: first.token })).body.code).toBe(ResultCode.SessionInvalid)
    const { token } = answer.body.data as Login
    expect((await t.client.call('user/info', {}, { token })).body.data).toMatchObject({ account: 'second_acc' })
  })

  it('one address is limited across accounts; a success clears the account count but not the address', async () => {
    await register(t.client, 'patient_acc')
    const ip = '192.0.2.7'
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      expect((await login(t.newClient(), `name_${i}`, 'wrong password', ip)).body.code).toBe(BusinessCode.LoginFailed)
    }
    expect((await login(t.newClient(), 'patient_acc', PASSWORD, ip)).body.code).toBe(200)
    expect((await login(t.newClient(), 'patient_acc', 'wrong password', ip)).body.code).toBe(BusinessCode.LoginFailed)
    expect((await login(t.newClient(), 'patient_acc', PASSWORD, ip)).body.code).toBe(ResultCode.RateLimited)
    expect((await login(t.newClient(), 'patient_acc', PASSWORD, '192.0.2.8')).body.code).toBe(200)
  })

  it('user/changePassword ends every other session, keeps the caller, and takes the new password', async () => {
    await register(t.client, 'changer')
    const other = t.newClient()
    other.token = ((await login(other, 'changer', PASSWORD)).body.data as Login).token
    const wrong = await t.client.call('user/changePassword', {
      oldPassword: 'not it at all',
      newPassword: 'new pass 123',
    })
    expect(wrong.body).toMatchObject({ code: BusinessCode.WrongOldPassword, data: null })
    expect((await other.call('user/info', {})).body.code).toBe(200)

    const changed = await t.client.call('user/changePassword', { oldPassword: PASSWORD, newPassword: 'new pass 123' })
    expect(changed.body).toMatchObject({ code: 200, data: null })
    expect((await t.client.call('user/info', {})).body.code).toBe(200)
    expect((await other.call('user/info', {})).body.code).toBe(ResultCode.SessionInvalid)
    expect((await login(t.newClient(), 'changer', PASSWORD)).body.code).toBe(BusinessCode.LoginFailed)
    expect((await login(t.newClient(), 'changer', 'new pass 123')).body.code).toBe(200)
  })

  it('a guest has no password to change (7028)', async () => {
    await loginGuest(t.client, 'device-no-password')
    const answer = await t.client.call('user/changePassword', { oldPassword: 'whatever', newPassword: 'new pass 123' })
    expect(answer.body).toMatchObject({ code: BusinessCode.NoPassword, data: null })
  })

  it('stores an argon2id hash with the real parameters, never the password or a token', async () => {
    const me = await register(t.client, 'secretive', PASSWORD)
    const again = ((await login(t.newClient(), 'secretive', PASSWORD)).body.data as Login).token
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id))
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const stored = JSON.stringify([await t.db.select().from(users), await t.db.select().from(sessions)])
    for (const secret of [PASSWORD, me.token, again]) expect(stored).not.toContain(secret)
    expect(t.logs.join('\n')).not.toContain(PASSWORD)
  })

  it.each([
    ['too short a name', { account: 'abc', password: PASSWORD }],
    ['a name with a dash', { account: 'ab-cd', password: PASSWORD }],
    ['too short a password', { account: 'abcd', password: 'seven77' }],
  ])('refuses %s with 4000 and creates nothing', async (_, body) => {
    expect((await t.client.call('login/account/register', body)).body.code).toBe(ResultCode.ValidationError)
    expect(await t.db.select().from(users)).toEqual([])
  })
})
