import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../db/schema/accounts.ts'
import type { Db } from '../db/client.ts'
import { balanceOf, ledgerOf } from '../modules/wallet/testing.ts'
import { runAdmin } from './cli.ts'
import { openAdminDatabase } from './database.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

/** runAdmin in this process, its output captured. */
async function admin(env: Record<string, string>, ...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(argv, {
    env,
    stdout: (line) => void out.push(line),
    stderr: (line) => void err.push(line),
    now: () => Date.UTC(2026, 0, 1),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

async function insertUser(db: Db): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ nickname: '测试', createdAt: new Date(Date.UTC(2026, 0, 1)) })
    .returning({ id: users.id })
  return row!.id
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

  it('refuses while a server holds the embedded database, saying why and what to do', async () => {
    const lock = join(dataDir, 'server.lock')
    // The parent of this test process stands in for a running server.
    writeFileSync(lock, `${process.ppid}\n`)
    try {
      const answer = await admin(env, 'wallet:credit', String(userId), '100', '--reason', 'x')
      expect(answer.code).toBe(1)
      expect(answer.err).toContain(`Another Marquee server (pid ${process.ppid})`)
      expect(answer.err).toContain('stop the server')
      expect(answer.err).toContain('DATABASE_URL')
    } finally {
      rmSync(lock, { force: true })
    }
    expect((await state()).balance).toBe(1750)
  })

  it('runs as `npm run admin` does: node --import tsx server/admin/main.ts', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/admin/main.ts', 'wallet:credit', String(userId), '50', '--reason', 'cli'],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
    )
    expect(stdout.trim()).toBe(`user ${userId}: +50 (0.50), balance 1800 (18)`)
    const failed = await run(process.execPath, ['--import', 'tsx', 'server/admin/main.ts', 'wallet:credit'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
    }).catch((error: { code: number; stderr: string }) => error)
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('userId and diamonds are required') })
  })
})
