import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions, users } from '../../db/schema/accounts.ts'
import { createSessionLookup } from '../../plugins/session.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { createWalletService } from '../../modules/wallet/service.ts'
import { prepareCommand, runCommand, type AdminAnswer } from '../run-command.ts'
import type { AdminServices } from '../command.ts'

type Login = { id: number; token: string }

describe.each(BACKENDS)('user:show, user:sessions, user:revoke (%s)', (backend) => {
  const t = useTestApp(backend)

  async function admin(args: string[], extra: Partial<AdminServices> = {}): Promise<AdminAnswer> {
    const [command, ...rest] = args
    const prepared = prepareCommand({ command: command!, args: rest, cwd: '/' })
    if (!('run' in prepared)) return prepared
    return runCommand(prepared, { config: t.config, db: t.db, now: t.clock.now, progress: () => {}, ...extra })
  }
  async function registerDemo() {
    const answer = await t.client.call('login/account/register', { account: 'Show_Me', password: 'show me pass' })
    const login = answer.body.data as Login
    t.client.token = login.token
    expect((await t.client.call('user/qrcode', {})).body.code).toBe(200)
    await t.db.update(users).set({ mobile: '13800138000' }).where(eq(users.id, login.id))
    await createWalletService({ db: t.db, now: t.clock.now }).credit(login.id, 1250, 'test')
    return login
  }

  it('user:show finds a user by id, account (any case) or mobile and prints no hash', async () => {
    const { id } = await registerDemo()
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    for (const key of [String(id), 'show_me', '+86 138-0013-8000']) {
      const answer = await admin(['user:show', key])
      expect(answer.ok, JSON.stringify(answer)).toBe(true)
      const output = (answer as { output: string }).output
      expect(output).toContain(
        `user ${id}\n  account   Show_Me\n  mobile    13800138000\n  nickname  Show_Me\n  guest     no`,
      )
      expect(output).toContain('balance   1250 (12.50)')
      expect(output).toContain('vip       normal none, supreme none, dark none')
      expect(output).toContain('sessions  1 live')
      expect(output).toContain('created   2026-01-01 08:00:00')
      for (const secret of [row!.passwordHash!, row!.credentialHash!]) expect(output).not.toContain(secret)
    }
    expect(await admin(['user:show', 'nobody_at_all'])).toEqual({
      ok: false,
      usage: false,
      error: 'user:show: no user with id, mobile number or account nobody_at_all',
    })
    expect(await admin(['user:show', 'not a name!'])).toMatchObject({ ok: false, usage: true })
  })

  it('user:sessions lists every session newest first with its state', async () => {
    const { id } = await registerDemo()
    t.clock.advance(60_000)
    const other = t.newClient()
    other.token = (
      (await other.call('login/account/login', { account: 'show_me', password: 'show me pass' })).body.data as Login
    ).token
    expect((await other.call('user/logout', {})).body.code).toBe(200)
    const answer = await admin(['user:sessions', String(id)])
    const rows = await t.db.select({ id: sessions.id }).from(sessions).orderBy(sessions.id)
    expect(answer).toEqual({
      ok: true,
      output: [
        `user ${id}: 2 sessions`,
        `  #${rows[1]!.id}  PC · Chrome 130  created 2026-01-01 08:01:00  last seen 2026-01-01 08:01:00  revoked 2026-01-01 08:01:00`,
        `  #${rows[0]!.id}  PC · Chrome 130  created 2026-01-01 08:00:00  last seen 2026-01-01 08:00:00  live`,
      ].join('\n'),
    })
    expect(await admin(['user:sessions', '999999'])).toMatchObject({ ok: false, usage: false })
    expect(await admin(['user:sessions', 'abc'])).toMatchObject({ ok: false, usage: true })
  })

  it('user:revoke ends every session; run inside the server, its lookup forgets them at once', async () => {
    const { id, token } = await registerDemo()
    const lookup = createSessionLookup({ db: t.db, now: t.clock.now })
    expect(await lookup.find(token)).toMatchObject({ userId: id })
    expect(await admin(['user:revoke', String(id)], { sessions: lookup })).toEqual({
      ok: true,
      output: `user ${id}: 1 sessions ended; this server forgot them at once, any other within 5 s`,
    })
    expect(await lookup.find(token)).toBeNull()
    // The app's own lookup (not handed to the command here) stops trusting it within its cache time.
    t.clock.advance(5_000)
    expect((await t.client.call('user/info', {})).body.code).toBe(1000)
    expect(await admin(['user:revoke', String(id)])).toEqual({
      ok: true,
      output: `user ${id}: 0 sessions ended; a running server stops trusting them within 5 s`,
    })
    // With Redis, a message Redis did not take is said, not passed off as every process told.
    const redisConfig = { ...t.config, redisUrl: 'redis://127.0.0.1:1' }
    for (const told of [true, false]) {
      const sessions = { ...lookup, forgetHashes: async () => told }
      expect(await admin(['user:revoke', String(id)], { config: redisConfig, sessions })).toMatchObject({
        output: told
          ? expect.stringContaining('every server process forgot them at once')
          : expect.stringContaining('Redis did not take the message (see the server log), so the others within 5 s'),
      })
    }
    expect(await admin(['user:revoke', '999999'])).toEqual({
      ok: false,
      usage: false,
      error: 'user:revoke: no user with id 999999',
    })
  })
})
