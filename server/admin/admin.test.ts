import { execFile } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startServer } from '../../tests/support/server-process.ts'
import { users } from '../db/schema/accounts.ts'
import type { Db } from '../db/client.ts'
import { balanceOf, ledgerOf } from '../modules/wallet/testing.ts'
import { createWalletService } from '../modules/wallet/service.ts'
import { BACKENDS, START_MS, useTestApp } from '../testing/harness.ts'
import { adminSocketPath, openAdminChannel, sendToServer, type AdminChannel } from './channel.ts'
import { AdminError } from './command.ts'
import { runAdminCli } from '../testing/admin-cli.ts'
import { openAdminDatabase } from './database.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

/** The admin CLI in this process at 2026-01-01, its output captured. */
const admin = (env: Record<string, string>, ...argv: string[]) => runAdminCli(env, argv, () => Date.UTC(2026, 0, 1))

async function insertUser(db: Db): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ nickname: '测试', createdAt: new Date(Date.UTC(2026, 0, 1)) })
    .returning({ id: users.id })
  return row!.id
}

/** What a server killed with SIGKILL leaves: a socket file nobody listens on. */
async function leaveStaleSocket(dataDir: string) {
  const path = adminSocketPath(dataDir)
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  const listenThenDie = `require('node:net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`
  await run(process.execPath, ['-e', listenThenDie]).catch(() => {})
  expect(lstatSync(path).isSocket()).toBe(true)
}

describe('npm run admin without a server (embedded database in a temporary DATA_DIR)', () => {
  let dataDir = ''
  let env: Record<string, string> = {}
  let userId = 0

  async function state() {
    const database = await openAdminDatabase({ dataDir, databaseUrl: '' })
    try {
      return { balance: await balanceOf(database.db, userId), ledger: await ledgerOf(database.db, userId) }
    } finally {
      await database.close()
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'marquee-admin-'))
    env = { DATA_DIR: dataDir }
    const database = await openAdminDatabase({ dataDir, databaseUrl: '' })
    userId = await insertUser(database.db)
    await database.close()
  })

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('wallet:credit adds to the balance, writes a ledger row and prints the new balance', async () => {
    const first = await admin(env, 'wallet:credit', String(userId), '1500', '--reason', '活动奖励')
    expect(first).toMatchObject({ code: 0, err: '' })
    expect(first.out).toBe(`user ${userId}: +1500 (15), balance 1500 (15)`)
    const second = await admin(env, 'wallet:credit', String(userId), '250', '--reason=客服补偿')
    expect(second.out).toContain('balance 1750 (17.50)')
    const { balance, ledger } = await state()
    expect(balance).toBe(1750)
    expect(ledger.total).toBe(1750)
    expect(ledger.rows.map((r) => [r.amount, r.balanceAfter, r.reason])).toEqual([
      [1500, 1500, 'admin: 活动奖励'],
      [250, 1750, 'admin: 客服补偿'],
    ])
  })

  it.each([
    ['no arguments', []],
    ['no reason', ['1', '100']],
    ['an empty reason', ['1', '100', '--reason', ' ']],
    ['--reason without text', ['1', '100', '--reason']],
    ['a negative amount', ['1', '-100', '--reason', 'x']],
    ['a zero amount', ['1', '0', '--reason', 'x']],
    ['a fraction', ['1', '1.5', '--reason', 'x']],
    ['a huge amount', ['1', '99999999999999', '--reason', 'x']],
    ['a bad user id', ['abc', '100', '--reason', 'x']],
    ['an extra argument', ['1', '100', '7', '--reason', 'x']],
    ['an unknown option', ['1', '100', '--reason', 'x', '--force']],
  ])('wallet:credit with %s: usage error (2), nothing changed', async (_, args) => {
    const before = await state()
    const answer = await admin(env, 'wallet:credit', ...args.map((a) => (a === '1' ? String(userId) : a)))
    expect(answer.code).toBe(2)
    expect(answer.err).toContain('usage: npm run admin -- wallet:credit <userId> <diamonds> --reason <text>')
    expect(await state()).toEqual(before)
  })

  it('an unknown user: exit 1, nothing changed; an unknown command lists the commands', async () => {
    const before = await state()
    const unknownUser = await admin(env, 'wallet:credit', '999999', '100', '--reason', 'x')
    expect(unknownUser).toMatchObject({ code: 1, out: '' })
    expect(unknownUser.err).toBe('wallet:credit: no user with id 999999; nothing was changed')
    expect(await state()).toEqual(before)
    for (const name of ['wallet:debit', 'toString', '__proto__']) {
      const unknown = await admin(env, name)
      expect(unknown.code).toBe(2)
      expect(unknown.err).toMatch(new RegExp(`unknown command ${name}[\\s\\S]*wallet:credit <userId>`))
    }
  })

  it('sms:outbox needs the running server, whose memory holds the outbox; a bad number is a usage error', async () => {
    expect(await admin(env, 'sms:outbox')).toEqual({
      code: 1,
      out: '',
      err: 'sms:outbox: no server is running: the sandbox outbox lives in the running server (npm start); start it and try again',
    })
    const usage = await admin(env, 'sms:outbox', '12345')
    expect(usage.code).toBe(2)
    expect(usage.err).toContain('sms:outbox: 12345: not a mainland mobile number')
  })

  it('refuses while a server holds the embedded database without answering on its socket', async () => {
    const lock = join(dataDir, 'server.lock')
    // The parent of this test process stands in for a running server.
    writeFileSync(lock, `${process.ppid}\n`)
    try {
      const answer = await admin(env, 'wallet:credit', String(userId), '100', '--reason', 'x')
      expect(answer.code).toBe(1)
      expect(answer.err).toContain(`Another Marquee server (pid ${process.ppid})`)
      expect(answer.err).toContain(`did not answer on ${adminSocketPath(dataDir)}`)
      expect(answer.err).toContain('stop it')
    } finally {
      rmSync(lock, { force: true })
    }
    expect((await state()).balance).toBe(1750)
  })

  it('a socket file left by a crashed server does not stop it: the CLI opens the database itself', async () => {
    await leaveStaleSocket(dataDir)
    const answer = await admin(env, 'wallet:credit', String(userId), '50', '--reason', 'after a crash')
    expect(answer).toMatchObject({ code: 0, out: expect.stringContaining('balance 1800 (18)') })
    rmSync(adminSocketPath(dataDir))
  })

  it('runs as `npm run admin` does: node --import tsx server/admin/main.ts', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/admin/main.ts', 'wallet:credit', String(userId), '50', '--reason', 'cli'],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
    )
    expect(stdout.trim()).toBe(`user ${userId}: +50 (0.50), balance 1850 (18.50)`)
    const failed = await run(process.execPath, ['--import', 'tsx', 'server/admin/main.ts', 'wallet:credit'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
    }).catch((error: { code: number; stderr: string }) => error)
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('userId and diamonds are required') })
  })
})

describe.each(BACKENDS)('npm run admin with a server answering on its control socket (%s)', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-admin-channel-'))
  const socketPath = adminSocketPath(dataDir)
  const t = useTestApp(backend, { config: { dataDir } })
  // Neither database the CLI would open itself is the server's (an in-memory PGlite, a fresh
  // PostgreSQL database): an effect seen in t.db went through the socket.
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: backend === 'postgres' ? 'postgres://127.0.0.1:1/unreachable' : '',
  }
  let channel: AdminChannel | null = null
  let userId = 0

  const wallet = () => createWalletService({ db: t.db, now: t.clock.now })
  const adminLogs = () =>
    t.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'admin command')

  beforeEach(async () => {
    channel = await openAdminChannel({
      dataDir,
      services: { config: t.config, db: t.db, now: t.clock.now, smsGateway: t.sms },
      log: t.app.log,
    })
    userId = await insertUser(t.db)
  })

  afterEach(async () => {
    await channel?.close()
  })

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('runs wallet:credit in the server: the balance and ledger change there, the log names only the command', async () => {
    expect(statSync(socketPath).mode & 0o777).toBe(0o600)
    expect(statSync(dirname(socketPath)).mode & 0o777).toBe(0o700)
    const answer = await admin(env, 'wallet:credit', String(userId), '1500', '--reason', '活动奖励')
    expect(answer).toEqual({ code: 0, out: `user ${userId}: +1500 (15), balance 1500 (15)`, err: '' })
    expect(await wallet().balance(userId)).toBe(1500)
    const { rows } = await ledgerOf(t.db, userId)
    expect(rows.map((r) => [r.amount, r.reason, r.createdAt.getTime()])).toEqual([[1500, 'admin: 活动奖励', START_MS]])
    expect(adminLogs()).toEqual([expect.objectContaining({ command: 'wallet:credit', outcome: 'done' })])
    expect(t.logs.join('\n')).not.toContain('活动奖励')
  })

  it("prints the server's sandbox outbox, newest first, one number's in any spelling; never logs it", async () => {
    expect(await admin(env, 'sms:outbox')).toEqual({ code: 0, out: 'the outbox is empty', err: '' })
    await t.client.call('login/captcha', { mobile: '13800138000', purpose: 'login' })
    t.clock.advance(61_000)
    await t.client.call('login/captcha', { mobile: '13900139000', purpose: 'login' })
    const [newest, oldest] = t.sms.outbox()
    const all = await admin(env, 'sms:outbox')
    expect(all).toEqual({
      code: 0,
      out: `2026-01-01 08:01:01  13900139000  ${newest!.text}\n2026-01-01 08:00:00  13800138000  ${oldest!.text}`,
      err: '',
    })
    expect(await admin(env, 'sms:outbox', '+86 138-0013-8000')).toEqual({
      code: 0,
      out: `2026-01-01 08:00:00  13800138000  ${oldest!.text}`,
      err: '',
    })
    expect((await admin(env, 'sms:outbox', '13700137000')).out).toBe('no messages to 13700137000')
    expect(adminLogs().map((entry) => [entry.command, entry.outcome])).toEqual(Array(4).fill(['sms:outbox', 'done']))
    expect(t.logs.join('\n')).not.toContain(newest!.text.match(/\d{6}/)![0])
  })

  it('says so when the server sends through a gateway without an outbox', async () => {
    await channel!.close()
    const carrier = { name: 'carrier', send: async () => {} }
    channel = await openAdminChannel({
      dataDir,
      services: { config: t.config, db: t.db, now: t.clock.now, smsGateway: carrier },
      log: t.app.log,
    })
    expect(await admin(env, 'sms:outbox')).toEqual({
      code: 1,
      out: '',
      err: 'sms:outbox: the server sends text messages through the carrier gateway (SMS_GATEWAY), which keeps no outbox',
    })
  })

  it('answers bad requests with a clear error and changes nothing', async () => {
    const cwd = '/'
    const ask = (command: string, ...args: string[]) => sendToServer(socketPath, { command, args, cwd }, () => {})
    // The CLI checks arguments before connecting; the server checks them again.
    expect(await ask('wallet:credit', String(userId), '-5', '--reason', 'x')).toEqual({
      ok: false,
      usage: true,
      error: expect.stringMatching(/^wallet:credit: diamonds -5: [\s\S]*usage: npm run admin -- wallet:credit/),
    })
    expect(await ask('wallet:debit')).toMatchObject({ ok: false, usage: true, error: /^unknown command wallet:debit/ })
    expect(await ask('wallet:credit', '999999', '100', '--reason', 'x')).toEqual({
      ok: false,
      usage: false,
      error: 'wallet:credit: no user with id 999999; nothing was changed',
    })
    const raw = await new Promise<string>((resolve) => {
      let text = ''
      const socket = createConnection(socketPath, () => socket.write('{"command": "wallet:credit"}\n'))
      socket.on('data', (chunk) => (text += chunk))
      socket.on('end', () => resolve(text))
    })
    expect(JSON.parse(raw)).toEqual({ ok: false, usage: false, error: 'malformed request to the admin socket' })
    expect(await wallet().balance(userId)).toBe(0)
    expect(adminLogs().map((entry) => [entry.command, entry.outcome])).toEqual([
      ['wallet:credit', 'usage'],
      [null, 'usage'],
      ['wallet:credit', 'failed'],
      [null, 'failed'],
    ])
  })

  it('replaces a socket file left by a crash, leaves a live server alone, and removes its socket on close', async () => {
    await channel!.close()
    channel = null
    expect(existsSync(socketPath)).toBe(false)
    await leaveStaleSocket(dataDir)
    const services = { config: t.config, db: t.db, now: t.clock.now }
    channel = await openAdminChannel({ dataDir, services, log: t.app.log })
    expect(channel?.path).toBe(socketPath)
    // Another server on the same DATA_DIR (possible on PostgreSQL) finds this one answering.
    expect(await openAdminChannel({ dataDir, services, log: t.app.log })).toBeNull()
    expect((await admin(env, 'wallet:credit', String(userId), '1', '--reason', 'x')).code).toBe(0)
  })

  it('refuses a DATA_DIR whose socket path a Unix socket cannot hold', async () => {
    const services = { config: t.config, db: t.db, now: t.clock.now }
    await expect(openAdminChannel({ dataDir: `/tmp/${'d'.repeat(100)}`, services, log: t.app.log })).rejects.toThrow(
      AdminError,
    )
  })
})

describe('npm start with the embedded database', () => {
  it('opens the control socket even over a stale one, takes admin commands through it, removes it on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-admin-start-'))
    try {
      await leaveStaleSocket(dataDir)
      const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' })
      const socketPath = adminSocketPath(dataDir)
      expect(statSync(socketPath).mode & 0o777).toBe(0o600)
      // The server holds the PGlite lock: only the socket can answer this.
      const failed = await run(
        process.execPath,
        ['--import', 'tsx', 'server/admin/main.ts', 'wallet:credit', '999999', '100', '--reason', 'x'],
        { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      ).catch((error: { code: number; stderr: string }) => error)
      expect(failed).toMatchObject({ code: 1, stderr: 'wallet:credit: no user with id 999999; nothing was changed\n' })
      expect(server.output()).toContain('"command":"wallet:credit","outcome":"failed"')
      await server.stop()
      expect(existsSync(socketPath)).toBe(false)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
