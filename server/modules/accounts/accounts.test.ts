import * as v from 'valibot'
import { createHash } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LoginResultSchema, PublicUserInfoSchema } from '../../../core/contracts/session.ts'
import { sessions, users } from '../../db/schema/accounts.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { SESSION_CACHE_MS } from '../../plugins/session.ts'
import { revokeSession } from './repo.ts'
import { MAX_SESSIONS_PER_DEVICE, parseChannel } from './service.ts'

type Login = { id: number; token: string }

describe.each(BACKENDS)('login/guest (%s)', (backend) => {
  const t = useTestApp(backend)

  const guest = (devID: string, options: { remoteAddress?: string; affCode?: string } = {}) =>
    t.client.call('login/guest', { devID, affCode: options.affCode ?? '', token: '' }, options)

  it('creates a guest with a fresh token that matches the contract', async () => {
    const answer = await guest('device-aaaaaaaa', { affCode: '{"pc":"p1","dc":"d1","isLight":false}' })
    expect(answer.body.code).toBe(200)
    const data = v.parse(LoginResultSchema, answer.body.data)
    expect(data).toMatchObject({ isGuest: true, nickname: `游客${data.id}`, balance: 0 })
    expect(data.token).toMatch(/^[0-9a-f]{64}$/)
    const [row] = await t.db.select().from(users).where(eq(users.id, data.id))
    expect(row).toMatchObject({
      deviceId: 'device-aaaaaaaa',
      affCode: '{"pc":"p1","dc":"d1","isLight":false}',
      channel: { pc: 'p1', dc: 'd1', isLight: false },
      createdIp: '127.0.0.1',
    })
  })

  it('an affCode whose JSON escapes a NUL logs the guest in, keeping it as raw text only', async () => {
    const affCode = '{"pc":"a\\u0000b"}'
    const answer = await guest('device-aff-2', { affCode })
    expect(answer.body.code).toBe(200)
    const { id } = answer.body.data as { id: number }
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    expect(row).toMatchObject({ affCode, channel: null })
  })

  it('gives the same device the same guest and a new token each time; earlier tokens stay valid', async () => {
    const first = (await guest('device-bbbbbbbb')).body.data as Login
    const second = (await guest('device-bbbbbbbb')).body.data as Login
    const other = (await guest('device-cccccccc')).body.data as Login
    expect(second.id).toBe(first.id)
    expect(second.token).not.toBe(first.token)
    expect(other.id).not.toBe(first.id)
    for (const token of [first.token, second.token]) {
      expect((await t.client.call('user/info', {}, { token })).body).toMatchObject({
        code: 200,
        data: { id: first.id },
      })
    }
  })

  it('stores only the SHA-256 of the token', async () => {
    const { token } = (await guest('device-dddddddd')).body.data as Login
    const rows = await t.db.select().from(sessions)
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
  })

  it.each([
    ['empty', '', 'devID: devID is required'],
    ['too long', 'x'.repeat(129), 'devID: devID is longer than 128 characters'],
    ['missing', undefined, 'devID: '],
  ])('answers 4000 naming devID when it is %s', async (_, devID, msg) => {
    const answer = await t.client.call('login/guest', { devID, affCode: '' })
    expect(answer.body.code).toBe(4000)
    expect(answer.body.msg).toContain(msg)
    expect(await t.db.select().from(users)).toEqual([])
  })

  it('keeps an affCode that is not a JSON object as raw text', async () => {
    const { id } = (await guest('device-eeeeeeee', { affCode: 'not json' })).body.data as Login
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    expect(row).toMatchObject({ affCode: 'not json', channel: null })
  })

  it('caps new guests per IP per rolling hour with 200 and no data; known devices still log in', async () => {
    await t.rebuild({ guestLimitPerIp: 2 })
    const ip = '203.0.113.9'
    expect((await guest('device-ip-1', { remoteAddress: ip })).body.data).not.toBeNull()
    expect((await guest('device-ip-2', { remoteAddress: ip })).body.data).not.toBeNull()
    const capped = await guest('device-ip-3', { remoteAddress: ip })
    expect(capped.body).toMatchObject({ code: 200, data: null })
    expect((await guest('device-ip-1', { remoteAddress: ip })).body.data).not.toBeNull()
    expect((await guest('device-ip-4', { remoteAddress: '203.0.113.10' })).body.data).not.toBeNull()
    t.clock.advance(3600_000 + 1000)
    expect((await guest('device-ip-3', { remoteAddress: ip })).body.data).not.toBeNull()
  })

  it('counts an IPv6 client by its /64, where it can pick any address', async () => {
    await t.rebuild({ guestLimitPerIp: 2 })
    expect((await guest('device-v6-1', { remoteAddress: '2001:db8:1:2::1' })).body.data).not.toBeNull()
    expect((await guest('device-v6-2', { remoteAddress: '2001:db8:1:2::ab:2' })).body.data).not.toBeNull()
    const capped = await guest('device-v6-3', { remoteAddress: '2001:db8:1:2:ffff::3' })
    expect(capped.body).toMatchObject({ code: 200, data: null })
    expect((await guest('device-v6-4', { remoteAddress: '2001:db8:1:3::1' })).body.data).not.toBeNull()
  })

  it('keeps the cap in the database, across app instances', async () => {
    await t.rebuild({ guestLimitPerIp: 1 })
    expect((await guest('device-x1')).body.data).not.toBeNull()
    await t.rebuild({ guestLimitPerIp: 1 })
    expect((await guest('device-x2')).body).toMatchObject({ code: 200, data: null })
  })

  it('answers 6004 when guest creation is off, but lets an existing guest in', async () => {
    const existing = (await guest('device-ffffffff')).body.data as Login
    await t.rebuild({ guestCreation: false })
    expect((await guest('device-gggggggg')).body).toMatchObject({ code: 6004, data: null })
    expect((await guest('device-ffffffff')).body).toMatchObject({ code: 200, data: { id: existing.id } })
  })
})

describe.each(BACKENDS)('login/guest under load (%s)', (backend) => {
  const t = useTestApp(backend, { poolSize: 20 })

  const guest = (devID: string, remoteAddress = '198.51.100.7') =>
    t.client.call('login/guest', { devID, affCode: '' }, { remoteAddress })
  const liveSessions = async (userId: number) =>
    t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))

  it.each([80, 200])('%i concurrent new devices from one address create exactly the cap', async (n) => {
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => guest(`device-race-${i}`)))
    expect(answers.every((answer) => answer.body.code === 200)).toBe(true)
    const created = answers.filter((answer) => answer.body.data !== null)
    expect(created).toHaveLength(t.config.guestLimitPerIp)
    const rows = await t.db.select().from(users).where(eq(users.createdIp, '198.51.100.7'))
    expect(rows).toHaveLength(t.config.guestLimitPerIp)
    // Another address is not held up by the first one's cap.
    expect((await guest('device-race-other', '198.51.100.8')).body.data).not.toBeNull()
  })

  it('a device keeps its newest sessions: 100 re-logins leave the bound live', async () => {
    const first = (await guest('device-relogin')).body.data as Login
    for (let i = 0; i < 99; i++) await guest('device-relogin')
    expect(await liveSessions(first.id)).toHaveLength(MAX_SESSIONS_PER_DEVICE)
    expect((await t.client.call('user/info', {}, { token: first.token })).body.code).toBe(1000)
  })

  it('100 concurrent re-logins of one device leave the bound live', async () => {
    // The guest exists first: creations from one address already wait for each other.
    const { id } = (await guest('device-relogin-race')).body.data as Login
    const answers = await Promise.all(Array.from({ length: 100 }, () => guest('device-relogin-race')))
    expect(answers.map((answer) => (answer.body.data as Login).id)).toEqual(answers.map(() => id))
    expect(await liveSessions(id)).toHaveLength(MAX_SESSIONS_PER_DEVICE)
  })

  it('the login past the bound revokes the oldest session at once on this process; others stay', async () => {
    const other = (await guest('device-bound-other')).body.data as Login
    const oldest = (await guest('device-bound')).body.data as Login
    // Looked up, so this process remembers it for SESSION_CACHE_MS.
    expect((await t.client.call('user/info', {}, { token: oldest.token })).body.code).toBe(200)
    const newer: Login[] = []
    for (let i = 1; i < MAX_SESSIONS_PER_DEVICE; i++) newer.push((await guest('device-bound')).body.data as Login)
    expect((await t.client.call('user/info', {}, { token: oldest.token })).body.code).toBe(200)
    newer.push((await guest('device-bound')).body.data as Login)
    expect((await t.client.call('user/info', {}, { token: oldest.token })).body.code).toBe(1000)
    for (const { token } of [...newer, other]) {
      expect((await t.client.call('user/info', {}, { token })).body.code).toBe(200)
    }
    expect(await liveSessions(oldest.id)).toHaveLength(MAX_SESSIONS_PER_DEVICE)
    expect(await liveSessions(other.id)).toHaveLength(1)
  })
})

describe.each(BACKENDS)('user calls (%s)', (backend) => {
  const t = useTestApp(backend)

  async function login(devID = 'device-user-1') {
    const data = (await t.client.call('login/guest', { devID, affCode: '' })).body.data as Login
    t.client.token = data.token
    return data
  }

  it('user/info answers own info with the token, another user public info, unknown 7004', async () => {
    const other = await login('device-user-2')
    const me = await login()
    const own = await t.client.call('user/info', {})
    expect(own.body.code).toBe(200)
    expect(v.parse(LoginResultSchema, own.body.data)).toMatchObject({ id: me.id, token: me.token })
    const theirs = await t.client.call('user/info', { userId: other.id })
    expect(v.parse(v.strictObject(PublicUserInfoSchema.entries), theirs.body.data)).toMatchObject({ id: other.id })
    expect((await t.client.call('user/info', { userId: 99 })).body).toMatchObject({ code: 7004, data: null })
  })

  it('formats VIP expiry in Asia/Shanghai', async () => {
    const me = await login()
    await t.db
      .update(users)
      .set({ supremeVipType: 2, supremeVipExpire: new Date('2026-03-01T16:30:00Z') })
      .where(eq(users.id, me.id))
    const { data } = (await t.client.call('user/info', {})).body as { data: Record<string, unknown> }
    expect(data.supremeVip).toEqual({ vipType: 2, vipExpireInt: 1772382600, vipExpire: '2026-03-02 00:30:00' })
    expect(data.normalVip).toEqual({ vipType: 0, vipExpireInt: 0, vipExpire: '' })
  })

  it('user/logout revokes only this token and answers 200 again', async () => {
    const first = await login()
    const second = await login()
    expect((await t.client.call('user/logout', {})).body.code).toBe(200)
    expect((await t.client.call('user/info', {})).body.code).toBe(1000)
    expect((await t.client.call('user/info', {}, { token: first.token })).body.code).toBe(200)
    expect((await t.client.call('user/logout', {})).body.code).toBe(200)
    expect((await t.client.call('user/logout', {}, { token: '' })).body.code).toBe(200)
    expect(second.id).toBe(first.id)
  })

  it('a session revoked by another process stops working here within SESSION_CACHE_MS', async () => {
    const me = await login()
    expect((await t.client.call('user/info', {})).body.code).toBe(200)
    // What another server process's logout (or an operator) does: only the database changes.
    await revokeSession(t.db, createHash('sha256').update(me.token).digest('hex'), new Date(t.clock.now()))
    expect((await t.client.call('user/info', {})).body.code).toBe(200)
    t.clock.advance(SESSION_CACHE_MS)
    expect((await t.client.call('user/info', {})).body.code).toBe(1000)
  })

  it('user/online/time adds up per user; anonymous reports change nothing', async () => {
    await login()
    expect((await t.client.call('user/online/time', { seconds: 60 })).body.data).toEqual({ totalSeconds: 60 })
    t.clock.advance(24 * 3600_000)
    expect((await t.client.call('user/online/time', { seconds: 30 })).body.data).toEqual({ totalSeconds: 90 })
    expect((await t.client.call('user/online/time', { seconds: 0 })).body.data).toEqual({ totalSeconds: 90 })
    const anonymous = await t.client.call('user/online/time', { seconds: 60 }, { token: '' })
    expect(anonymous.body).toMatchObject({ code: 200, data: null })
    expect((await t.client.call('user/online/time', { seconds: 3601 })).body.code).toBe(4000)
  })
})

describe('parseChannel', () => {
  it.each([
    ['', null],
    ['{"pc":"a"}', { pc: 'a' }],
    ['[1]', null],
    ['"text"', null],
    ['{bad', null],
    // jsonb cannot hold NUL: such a channel stays raw text only.
    ['{"pc":"a\\u0000"}', null],
    ['{"\\u0000":1}', null],
    ['{"pc":{"dc":["\\u0000"]}}', null],
    ['{"pc":"\\\\u0000"}', { pc: '\\u0000' }],
  ])('%j → %j', (text, expected) => {
    expect(parseChannel(text)).toEqual(expected)
  })
})
