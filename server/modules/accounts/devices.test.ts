import * as v from 'valibot'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SessionListSchema } from '../../../core/contracts/account.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import { sessions } from '../../db/schema/accounts.ts'
import { LAST_SEEN_STEP_MS, SESSION_CACHE_MS } from '../../plugins/session.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import type { TestClient } from '../../testing/client.ts'
import { loginGuest } from '../wallet/testing.ts'

type Login = { id: number; token: string }
const PASSWORD = 'devices pass 1'

describe.each(BACKENDS)('devices and sessions (%s)', (backend) => {
  const t = useTestApp(backend)

  async function register(client: TestClient, account: string, devID = '') {
    const answer = await client.call('login/account/register', { account, password: PASSWORD, devID })
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
    client.token = (answer.body.data as Login).token
    return answer.body.data as Login
  }
  async function login(client: TestClient, account: string, devID = '') {
    const answer = await client.call('login/account/login', { account, password: PASSWORD, devID })
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
    client.token = (answer.body.data as Login).token
    return answer.body.data as Login
  }
  const before = async (devID: string) => (await t.client.call('login/before', { devID }, { token: '' })).body.data
  const list = async (client: TestClient) =>
    v.parse(SessionListSchema, (await client.call('user/sessions', {})).body.data).list

  it('login/before is true once an account signed in on that device, whatever signs in there later', async () => {
    expect(await before('device-before')).toEqual({ hasAccount: false })
    await loginGuest(t.client, 'device-before')
    expect(await before('device-before')).toEqual({ hasAccount: false })
    await register(t.newClient(), 'before_acc')
    await login(t.client, 'before_acc', 'device-before')
    expect(await before('device-before')).toEqual({ hasAccount: true })
    expect(await before('device-elsewhere')).toEqual({ hasAccount: false })
    // After a logout the app logs in a new guest there at the same moment as it asks.
    t.clock.advance(1000)
    await loginGuest(t.newClient(), 'device-before')
    expect(await before('device-before')).toEqual({ hasAccount: true })
  })

  it('a guest registering on its device makes login/before true there', async () => {
    await loginGuest(t.client, 'device-registers')
    await register(t.client, 'device_reg', 'device-registers')
    expect(await before('device-registers')).toEqual({ hasAccount: true })
  })

  it('user/sessions lists live sessions newest first, names the device and marks the current one', async () => {
    const { id } = await register(t.client, 'lister')
    t.clock.advance(60_000)
    const phone = t.newClient()
    await login(phone, 'lister', 'device-phone')
    t.clock.advance(60_000)
    await login(t.newClient(), 'lister')
    // A login whose X-User-Agent named nothing we could read.
    const [newest] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(desc(sessions.id))
      .limit(1)
    await t.db.update(sessions).set({ deviceName: '' }).where(eq(sessions.id, newest!.id))
    const at = (ms: number) => ({ createdAt: (START_MS + ms) / 1000, lastSeenAt: (START_MS + ms) / 1000 })
    expect(await list(phone)).toEqual([
      { id: newest!.id, device: '未知设备', ...at(120_000), current: false },
      { id: expect.any(Number), device: 'PC · Chrome 130', ...at(60_000), current: true },
      { id: expect.any(Number), device: 'PC · Chrome 130', ...at(0), current: false },
    ])
    expect((await list(t.client)).map((entry) => entry.current)).toEqual([false, false, true])
  })

  it('user/sessions/revoke ends an own session at once; another user’s id answers 7004 and changes nothing', async () => {
    await register(t.client, 'revoker')
    const other = t.newClient()
    await login(other, 'revoker')
    const stranger = t.newClient()
    await loginGuest(stranger, 'device-stranger')
    // Looked up, so this process remembers both sessions.
    expect((await other.call('user/info', {})).body.code).toBe(200)
    expect((await stranger.call('user/info', {})).body.code).toBe(200)
    const [strangerSession] = await list(stranger)
    const foreign = await t.client.call('user/sessions/revoke', { id: strangerSession!.id })
    expect(foreign.body).toMatchObject({ code: BusinessCode.NotFound, data: null })
    expect((await stranger.call('user/info', {})).body.code).toBe(200)
    expect((await t.client.call('user/sessions/revoke', { id: 999_999 })).body.code).toBe(BusinessCode.NotFound)

    const otherEntry = (await list(t.client)).find((entry) => !entry.current)!
    expect((await t.client.call('user/sessions/revoke', { id: otherEntry.id })).body).toMatchObject({ code: 200 })
    expect((await other.call('user/info', {})).body.code).toBe(ResultCode.SessionInvalid)
    expect((await list(t.client)).map((entry) => entry.current)).toEqual([true])
    expect((await t.client.call('user/sessions/revoke', { id: otherEntry.id })).body.code).toBe(BusinessCode.NotFound)
  })

  it('the session lookup moves last_seen_at at most once per step, only when it reads the database', async () => {
    const { id } = await register(t.client, 'seen_acc')
    const lastSeen = async () =>
      (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, id)))[0]!.at!.getTime()
    expect(await lastSeen()).toBe(START_MS)
    t.clock.advance(LAST_SEEN_STEP_MS - SESSION_CACHE_MS)
    expect((await t.client.call('user/info', {})).body.code).toBe(200)
    expect(await lastSeen()).toBe(START_MS)
    t.clock.advance(SESSION_CACHE_MS + 1)
    expect((await t.client.call('user/info', {})).body.code).toBe(200)
    expect(await lastSeen()).toBe(START_MS + LAST_SEEN_STEP_MS + 1)
    t.clock.advance(SESSION_CACHE_MS)
    expect((await t.client.call('user/info', {})).body.code).toBe(200)
    expect(await lastSeen()).toBe(START_MS + LAST_SEEN_STEP_MS + 1)
    expect((await list(t.client))[0]!.lastSeenAt).toBe(Math.floor((START_MS + LAST_SEEN_STEP_MS + 1) / 1000))
  })
})
