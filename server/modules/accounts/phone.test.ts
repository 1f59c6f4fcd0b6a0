import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, describe, expect, it } from 'vitest'
import type { SmsPurpose } from '../../../core/contracts/account.ts'
import { LoginResultSchema } from '../../../core/contracts/session.ts'
import { buildApp } from '../../app.ts'
import { smsCodes, users } from '../../db/schema/accounts.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { MAX_FAILURES } from './service.ts'
import { MAX_CODES_PER_ADDRESS_PER_HOUR, MAX_CODES_PER_NUMBER_PER_DAY } from './phone.ts'
import type { SmsGateway } from './sms-gateway.ts'

type Login = v.InferOutput<typeof LoginResultSchema>

const MOBILE = '13800138000'
const OTHER_MOBILE = '13900139000'
const MINUTE = 60_000

describe.each(BACKENDS)('phone codes and logins (%s)', (backend) => {
  const t = useTestApp(backend)

  async function guest(devID = 'device-phone-1'): Promise<Login> {
    const answer = await t.client.call('login/guest', { devID, affCode: '' })
    return v.parse(LoginResultSchema, answer.body.data)
  }
  const captcha = (mobile: string, purpose: SmsPurpose, options: { token?: string; remoteAddress?: string } = {}) =>
    t.client.call('login/captcha', { mobile, purpose }, options)
  /** The code of the newest text to `mobile`. */
  const codeSentTo = (mobile: string) => /验证码 (\d{6})/.exec(t.sms.outbox(mobile)[0]?.text ?? '')?.[1] ?? ''
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  const phoneLogin = (mobile: string, code: string, token: string, remoteAddress?: string) =>
    t.client.call(
      'login/phone',
      { mobile, code, devID: 'device-phone-1' },
      { token, ...(remoteAddress ? { remoteAddress } : {}) },
    )
  const info = (token: string) => t.client.call('user/info', {}, { token })

  /** A guest that logged in by phone: an account with `mobile`. */
  async function phoneAccount(mobile = MOBILE, devID = 'device-phone-1'): Promise<Login> {
    const { token } = await guest(devID)
    await captcha(mobile, 'login')
    return v.parse(LoginResultSchema, (await phoneLogin(mobile, codeSentTo(mobile), token)).body.data)
  }

  it('sends a 6-digit code the outbox shows, keeps only its HMAC and never logs it', async () => {
    const answer = await captcha(MOBILE, 'login', { remoteAddress: '203.0.113.5' })
    expect(answer.body).toMatchObject({ code: 200, data: { resendAfter: 60 } })
    const [message, ...others] = t.sms.outbox()
    expect(others).toEqual([])
    expect(message).toEqual({
      mobile: MOBILE,
      text: expect.stringMatching(/^【Marquee】验证码 \d{6}，5分钟内有效。$/),
      sentAt: t.clock.now(),
    })
    const code = codeSentTo(MOBILE)
    const rows = await t.db.select().from(smsCodes)
    expect(rows).toEqual([
      expect.objectContaining({ mobile: MOBILE, purpose: 'login', ip: '203.0.113.5', failedTries: 0, usedAt: null }),
    ])
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain(code)
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(5 * MINUTE)
    expect(t.logs.join('\n')).not.toContain(code)
  })

  it('a guest logging in with a new number becomes that account: same id, fresh token, old token ends', async () => {
    const before = await guest()
    await captcha('+86 138 0013 8000', 'login')
    const code = codeSentTo(MOBILE)
    const login = v.parse(LoginResultSchema, (await phoneLogin(MOBILE, code, before.token)).body.data)
    expect(login).toMatchObject({ id: before.id, isGuest: false, mobile: MOBILE, nickname: '用户8000' })
    expect(login.token).not.toBe(before.token)
    expect((await info(before.token)).body.code).toBe(1000)
    expect((await info(login.token)).body).toMatchObject({ code: 200, data: { id: before.id, mobile: MOBILE } })
    expect(t.logs.join('\n')).not.toContain(code)
  })

  it('a second login with the number, in any spelling, reaches the same account; the guest there keeps its data', async () => {
    const account = await phoneAccount()
    const other = await guest('device-phone-2')
    t.clock.advance(MINUTE)
    await captcha('138-0013-8000', 'login')
    const again = await phoneLogin('+86 13800138000', codeSentTo(MOBILE), other.token)
    expect(again.body).toMatchObject({ code: 200, data: { id: account.id, mobile: MOBILE, isGuest: false } })
    // The guest's session on that device ended; the guest itself stays a guest.
    expect((await info(other.token)).body.code).toBe(1000)
    const [guestRow] = await t.db.select().from(users).where(eq(users.id, other.id))
    expect(guestRow).toMatchObject({ isGuest: true, mobile: null })
    expect(await t.db.select().from(users).where(eq(users.mobile, MOBILE))).toHaveLength(1)
  })

  it('an account caller logging in with an unknown number gets a new account; its own session there ends', async () => {
    const first = await phoneAccount()
    await captcha(OTHER_MOBILE, 'login')
    const second = await phoneLogin(OTHER_MOBILE, codeSentTo(OTHER_MOBILE), first.token)
    expect(second.body).toMatchObject({
      code: 200,
      data: { isGuest: false, mobile: OTHER_MOBILE, nickname: '用户9000' },
    })
    expect((second.body.data as Login).id).not.toBe(first.id)
    expect((await info(first.token)).body.code).toBe(1000)
  })

  it('a code expires after 5 minutes', async () => {
    const { token } = await guest()
    await captcha(MOBILE, 'login')
    const code = codeSentTo(MOBILE)
    t.clock.advance(5 * MINUTE)
    expect((await phoneLogin(MOBILE, code, token)).body).toMatchObject({ code: 7024, tip: '验证码已失效，请重新获取' })
  })

  it('a code works once, only for its purpose, and a newer code replaces it', async () => {
    const { token } = await guest()
    await captcha(MOBILE, 'login')
    const first = codeSentTo(MOBILE)
    t.clock.advance(MINUTE)
    await captcha(MOBILE, 'login')
    const second = codeSentTo(MOBILE)
    if (first !== second) expect((await phoneLogin(MOBILE, first, token)).body.code).toBe(7023)
    const login = (await phoneLogin(MOBILE, second, token)).body.data as Login
    expect(login.mobile).toBe(MOBILE)
    expect((await phoneLogin(MOBILE, second, login.token)).body.code).toBe(7024)
    t.clock.advance(MINUTE)
    await captcha(MOBILE, 'changeOld', { token: login.token })
    const change = codeSentTo(MOBILE)
    expect((await phoneLogin(MOBILE, change, login.token)).body.code).toBe(7024)
  })

  it('two racing logins with one code: exactly one succeeds', async () => {
    const [first, second] = [await guest(), await guest('device-phone-2')]
    await captcha(MOBILE, 'login')
    const code = codeSentTo(MOBILE)
    const answers = await Promise.all([phoneLogin(MOBILE, code, first.token), phoneLogin(MOBILE, code, second.token)])
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 7024])
    expect(await t.db.select().from(users).where(eq(users.mobile, MOBILE))).toHaveLength(1)
  })

  it('5 wrong tries kill a code; fewer leave it working', async () => {
    const { token } = await guest()
    await captcha(MOBILE, 'login')
    const code = codeSentTo(MOBILE)
    for (let i = 0; i < 5; i++) {
      expect((await phoneLogin(MOBILE, wrong(code), token)).body).toMatchObject({ code: 7023, tip: '验证码错误' })
    }
    expect((await phoneLogin(MOBILE, code, token)).body.code).toBe(7024)

    t.clock.advance(MINUTE)
    await captcha(MOBILE, 'login')
    const next = codeSentTo(MOBILE)
    for (let i = 0; i < 4; i++) expect((await phoneLogin(MOBILE, wrong(next), token)).body.code).toBe(7023)
    expect((await phoneLogin(MOBILE, next, token)).body.code).toBe(200)
  })

  it('wrong codes count against the address: past the failure limit it answers 4290', async () => {
    const { token } = await guest()
    const ip = '198.51.100.20'
    let failures = 0
    for (let n = 0; failures < MAX_FAILURES; n++) {
      const mobile = `1370000${String(n).padStart(4, '0')}`
      await captcha(mobile, 'login')
      const code = codeSentTo(mobile)
      for (let i = 0; i < 5 && failures < MAX_FAILURES; i++, failures++) {
        expect((await phoneLogin(mobile, wrong(code), token, ip)).body.code).toBe(7023)
      }
    }
    await captcha(MOBILE, 'login')
    const limited = await phoneLogin(MOBILE, codeSentTo(MOBILE), token, ip)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe(4290)
    expect((await phoneLogin(MOBILE, codeSentTo(MOBILE), token, '198.51.100.21')).body.code).toBe(200)
  })

  it('sends a number at most one code a minute, saying how long to wait', async () => {
    expect((await captcha(MOBILE, 'login')).body.code).toBe(200)
    t.clock.advance(20_000)
    expect((await captcha(MOBILE, 'bind', { token: (await guest()).token })).body).toMatchObject({
      code: 7025,
      tip: '发送过于频繁，请40秒后再试',
    })
    t.clock.advance(40_000)
    expect((await captcha(MOBILE, 'login')).body.code).toBe(200)
    expect(t.sms.outbox(MOBILE)).toHaveLength(2)
  })

  it('sends a number at most 10 codes a day', async () => {
    for (let i = 0; i < MAX_CODES_PER_NUMBER_PER_DAY; i++) {
      expect((await captcha(MOBILE, 'login')).body.code).toBe(200)
      t.clock.advance(MINUTE)
    }
    const refused = await captcha(MOBILE, 'login')
    expect(refused.body).toMatchObject({ code: 7025, tip: '发送过于频繁，请24小时后再试' })
    expect(t.sms.outbox(MOBILE)).toHaveLength(MAX_CODES_PER_NUMBER_PER_DAY)
    // The first of the ten leaves the 24 hours.
    t.clock.advance(24 * 60 * MINUTE - MAX_CODES_PER_NUMBER_PER_DAY * MINUTE)
    expect((await captcha(MOBILE, 'login')).body.code).toBe(200)
  })

  it('caps the codes one address asks for per hour, whatever the numbers; the cap survives a restart', async () => {
    const ip = '198.51.100.30'
    for (let n = 0; n < MAX_CODES_PER_ADDRESS_PER_HOUR; n++) {
      if (n === 10) await t.rebuild()
      const mobile = `1360000${String(n).padStart(4, '0')}`
      expect((await captcha(mobile, 'login', { remoteAddress: ip })).body.code).toBe(200)
    }
    expect((await captcha(MOBILE, 'login', { remoteAddress: ip })).body.code).toBe(7025)
    expect((await captcha(MOBILE, 'login', { remoteAddress: '198.51.100.31' })).body.code).toBe(200)
    t.clock.advance(60 * MINUTE)
    expect((await captcha(OTHER_MOBILE, 'login', { remoteAddress: ip })).body.code).toBe(200)
  })

  it('refuses what the purpose does not allow before sending anything', async () => {
    const account = await phoneAccount()
    const visitor = await guest('device-phone-2')
    const cases: [SmsPurpose, string, string, number][] = [
      ['bind', MOBILE, '', 1000],
      ['bind', MOBILE, visitor.token, 7022],
      ['bind', OTHER_MOBILE, account.token, 7032],
      ['changeOld', OTHER_MOBILE, account.token, 7029],
      ['changeOld', MOBILE, visitor.token, 7029],
      ['changeNew', OTHER_MOBILE, visitor.token, 7029],
      ['changeNew', MOBILE, account.token, 7022],
    ]
    const sent = t.sms.outbox().length
    for (const [purpose, mobile, token, code] of cases) {
      expect([purpose, mobile, (await captcha(mobile, purpose, { token })).body.code]).toEqual([purpose, mobile, code])
    }
    expect(t.sms.outbox()).toHaveLength(sent)
    expect((await captcha('12345678901', 'login')).body.code).toBe(4000)
  })

  it('a guest binding a number becomes an account with a fresh token', async () => {
    const before = await guest()
    await captcha(MOBILE, 'bind', { token: before.token })
    const bound = await t.client.call(
      'login/bindMobile',
      { mobile: MOBILE, code: codeSentTo(MOBILE) },
      { token: before.token },
    )
    const login = v.parse(LoginResultSchema, bound.body.data)
    expect(login).toMatchObject({ id: before.id, isGuest: false, mobile: MOBILE, nickname: '用户8000' })
    expect((await info(before.token)).body.code).toBe(1000)
    expect((await info(login.token)).body.code).toBe(200)
  })

  it('an account binding a number keeps its token; a number taken meanwhile answers 7022', async () => {
    const me = await guest()
    await t.db.update(users).set({ isGuest: false, nickname: '老用户' }).where(eq(users.id, me.id))
    await captcha(MOBILE, 'bind', { token: me.token })
    const bound = await t.client.call(
      'login/bindMobile',
      { mobile: MOBILE, code: codeSentTo(MOBILE) },
      { token: me.token },
    )
    expect(bound.body).toMatchObject({
      code: 200,
      data: { id: me.id, token: me.token, mobile: MOBILE, nickname: '老用户' },
    })

    const visitor = await guest('device-phone-2')
    await captcha(OTHER_MOBILE, 'bind', { token: visitor.token })
    const code = codeSentTo(OTHER_MOBILE)
    t.clock.advance(MINUTE)
    await phoneAccount(OTHER_MOBILE, 'device-phone-3')
    const taken = await t.client.call('login/bindMobile', { mobile: OTHER_MOBILE, code }, { token: visitor.token })
    expect(taken.body).toMatchObject({ code: 7022, tip: '该手机号已绑定其他账号' })
    expect((await info(visitor.token)).body).toMatchObject({ code: 200, data: { isGuest: true, mobile: '' } })
    expect((await t.client.call('login/bindMobile', { mobile: MOBILE, code: '123456' }, { token: '' })).body.code).toBe(
      1000,
    )
  })

  it('user/changeMobile moves the account when both numbers are verified', async () => {
    const account = await phoneAccount()
    t.clock.advance(MINUTE)
    await captcha(MOBILE, 'changeOld', { token: account.token })
    const oldCode = codeSentTo(MOBILE)
    await captcha(OTHER_MOBILE, 'changeNew', { token: account.token })
    const newCode = codeSentTo(OTHER_MOBILE)
    const change = (body: { oldCode: string; code: string }) =>
      t.client.call('user/changeMobile', { mobile: '+86 139 0013 9000', ...body }, { token: account.token })

    expect((await change({ oldCode, code: wrong(newCode) })).body.code).toBe(7023)
    expect((await change({ oldCode: wrong(oldCode), code: newCode })).body.code).toBe(7023)
    const changed = await change({ oldCode, code: newCode })
    expect(changed.body).toMatchObject({ code: 200, data: { id: account.id, mobile: OTHER_MOBILE } })
    expect((await info(account.token)).body).toMatchObject({ data: { mobile: OTHER_MOBILE } })
    const spent = await t.db.select().from(smsCodes).where(eq(smsCodes.purpose, 'changeOld'))
    expect(spent.map((row) => row.usedAt)).toEqual([new Date(t.clock.now())])

    // The old number is free again: logging in with it makes a new account.
    t.clock.advance(MINUTE)
    const fresh = await phoneAccount(MOBILE, 'device-phone-2')
    expect(fresh.id).not.toBe(account.id)
  })

  it('user/changeMobile without a bound number answers 7029', async () => {
    const { token } = await guest()
    const answer = await t.client.call(
      'user/changeMobile',
      { oldCode: '123456', mobile: MOBILE, code: '123456' },
      { token },
    )
    expect(answer.body).toMatchObject({ code: 7029, tip: '不是当前绑定的手机号' })
  })
})

describe.each(BACKENDS)('/sandbox/sms (%s)', (backend) => {
  const t = useTestApp(backend)
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  /** A static folder holding an index.html, as `npm run build` leaves one. */
  function builtApp() {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-sandbox-'))
    dirs.push(dir)
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>the built app</title>')
    return dir
  }

  it('lists the sent texts newest first, refreshes itself, and is not indexed', async () => {
    await t.client.call('login/captcha', { mobile: MOBILE, purpose: 'login' })
    t.clock.advance(MINUTE)
    await t.client.call('login/captcha', { mobile: OTHER_MOBILE, purpose: 'login' })
    const [newest, oldest] = t.sms.outbox()
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/sms' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['x-robots-tag']).toContain('noindex')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.body).toContain('<meta http-equiv="refresh" content="5">')
    expect(page.body).not.toContain('<script')
    expect(page.body.indexOf(newest!.text)).toBeGreaterThan(0)
    expect(page.body.indexOf(newest!.text)).toBeLessThan(page.body.indexOf(oldest!.text))
    expect(page.body).toContain('2026-01-01 08:01:00')
  })

  it('is served beside the built app, whose fallback does not take it', async () => {
    await t.rebuild({ staticDir: builtApp() })
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/sms' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('短信沙箱')
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/other' })).body).toContain('the built app')
  })

  it('answers 404 with a gateway that keeps no outbox, even when the app is built', async () => {
    const carrier: SmsGateway = { name: 'carrier', send: async () => {} }
    const app = await buildApp({
      config: { ...t.config, staticDir: builtApp() },
      db: t.db,
      log: { level: 'silent' },
      smsGateway: carrier,
    })
    try {
      expect((await app.inject({ method: 'GET', url: '/sandbox/sms' })).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
