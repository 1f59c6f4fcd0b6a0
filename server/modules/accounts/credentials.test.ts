import * as v from 'valibot'
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CredentialResultSchema } from '../../../core/contracts/account.ts'
import { CREDENTIAL_PATTERN } from '../../../core/contracts/account-rules.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import { sessions, users } from '../../db/schema/accounts.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import type { TestClient } from '../../testing/client.ts'
import { insertVideos, loginGuest } from '../wallet/testing.ts'
import { createWalletService } from '../wallet/service.ts'
import { MAX_FAILURES } from './service.ts'

type Login = { id: number; token: string }

describe.each(BACKENDS)('account credential (%s)', (backend) => {
  const t = useTestApp(backend)

  async function issue(client: TestClient) {
    const answer = await client.call('user/qrcode', {})
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
    return v.parse(CredentialResultSchema, answer.body.data)
  }
  const useCredential = (call: string, credential: string, options: { remoteAddress?: string } = {}) =>
    t.newClient().call(call, { credential, devID: 'device-card' }, options)

  it('logs in through login/official and user/qrcode/info; stores only its SHA-256', async () => {
    const registered = await t.client.call('login/account/register', {
      account: 'card_owner',
      password: 'card pass 12',
    })
    const { id, token } = registered.body.data as Login
    t.client.token = token
    const [video] = await insertVideos(t.db, [{ price: 200 }])
    await createWalletService({ db: t.db, now: t.clock.now }).credit(id, 500, 'test')
    expect((await t.client.call('media/pay', { id: video })).body.code).toBe(200)

    const { credential, createdAt } = await issue(t.client)
    expect(credential).toMatch(CREDENTIAL_PATTERN)
    expect(createdAt).toBe(START_MS / 1000)
    expect((await t.client.call('user/info', {})).body.data).toMatchObject({ credentialCreatedAt: START_MS / 1000 })
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    expect(row!.credentialHash).toBe(createHash('sha256').update(credential).digest('hex'))

    for (const call of ['login/official', 'user/qrcode/info']) {
      const answer = await useCredential(call, `  ${credential}\n`)
      expect(answer.body).toMatchObject({ code: 200, data: { id, balance: 300, isGuest: false } })
      const other = t.newClient()
      other.token = (answer.body.data as Login).token
      expect((await other.call('media/bought', {})).body).toMatchObject({ data: { items: [{ id: video }] } })
    }
    const stored = JSON.stringify([await t.db.select().from(users), await t.db.select().from(sessions)])
    expect(stored).not.toContain(credential)
    expect(t.logs.join('\n')).not.toContain(credential.slice(5))
  })

  it('a regenerated credential stops the previous one at once; the new one logs in', async () => {
    const id = await loginGuest(t.client, 'device-guest-card')
    const first = await issue(t.client)
    t.clock.advance(60_000)
    const second = await issue(t.client)
    expect(second.credential).not.toBe(first.credential)
    expect(second.createdAt).toBe(START_MS / 1000 + 60)
    expect((await useCredential('login/official', first.credential)).body).toMatchObject({
      code: BusinessCode.CredentialInvalid,
      data: null,
      tip: '凭证无效或已失效',
    })
    // A guest's card recovers the guest.
    expect((await useCredential('user/qrcode/info', second.credential)).body).toMatchObject({
      code: 200,
      data: { id, isGuest: true },
    })
  })

  it('the credential login on a device holding a guest ends that guest session', async () => {
    const owner = t.newClient()
    const ownerId = await loginGuest(owner, 'device-card-owner')
    const { credential } = await issue(owner)
    await loginGuest(t.client, 'device-card-other')
    const guestToken = t.client.token
    const answer = await t.client.call('login/official', { credential })
    expect(answer.body).toMatchObject({ code: 200, data: { id: ownerId } })
    expect((await t.client.call('user/info', {}, { token: guestToken })).body.code).toBe(ResultCode.SessionInvalid)
  })

  it('unknown credentials count against the address: 4290 after the limit, other addresses unaffected', async () => {
    await loginGuest(t.client, 'device-card-limit')
    const { credential } = await issue(t.client)
    const ip = '198.51.100.40'
    for (let i = 0; i < MAX_FAILURES; i++) {
      const wrong = `MQC1-${Buffer.alloc(32, i).toString('base64url')}`
      expect((await useCredential('login/official', wrong, { remoteAddress: ip })).body.code).toBe(
        BusinessCode.CredentialInvalid,
      )
    }
    const refused = await useCredential('login/official', credential, { remoteAddress: ip })
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe(ResultCode.RateLimited)
    expect((await useCredential('login/official', credential, { remoteAddress: '198.51.100.41' })).body.code).toBe(200)
  })

  it('refuses text that is not a credential with 4000', async () => {
    expect((await useCredential('login/official', 'MQC1-short')).body.code).toBe(ResultCode.ValidationError)
    expect((await t.client.call('user/qrcode', {}, { token: '' })).body.code).toBe(ResultCode.SessionInvalid)
  })
})
