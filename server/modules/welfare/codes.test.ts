import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { RewardResult } from '../../../core/contracts/welfare.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import { prepareCommand, runCommand } from '../../admin/run-command.ts'
import { users } from '../../db/schema/accounts.ts'
import { serverSecrets } from '../../db/schema/watching.ts'
import { redeemCodes, redeemCodeUses } from '../../db/schema/welfare.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { createWalletService } from '../wallet/service.ts'
import { balanceOf, loginGuest } from '../wallet/testing.ts'
import { CodeHashVersion, encodeCode, groupCode, hashCode, legacyHashCode, normaliseCode } from './code-text.ts'
import { CODE_SECRET, createCodes, MAX_WRONG_CODES_PER_ACCOUNT, MAX_WRONG_CODES_PER_ADDRESS } from './codes.ts'
import { dayKey } from './days.ts'
import { createWelfareServices } from './service.ts'
import { makeCodes, pointsRow, usersWithSessions, welfareAudit } from './testing.ts'

const DAY_MS = 24 * 3600_000
const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/

describe.each(BACKENDS)('redeem codes (%s)', (backend) => {
  const t = useTestApp(backend, { config: { rateLimitPerSession: 0, rateLimitPerIp: 0 }, poolSize: 8 })
  const use = (code: string, token?: string, remoteAddress?: string) =>
    t.client.call(
      'redeemcode/use',
      { code },
      { ...(token ? { token } : {}), ...(remoteAddress ? { remoteAddress } : {}) },
    )

  it('a single-use code used by 200 users at once succeeds once', async () => {
    const callers = await usersWithSessions(t.db, 200)
    const {
      codes: [code],
    } = await makeCodes(t.db, { reward: { kind: 'points', amount: 50 } })
    expect(code).toMatch(CODE_SHAPE)
    const answers = await Promise.all(callers.map(({ token }) => use(code!, token)))
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === ResultCode.Ok)).toHaveLength(1)
    expect(codes.filter((c) => c === BusinessCode.CodeUsed)).toHaveLength(199)
    const [row] = await t.db.select({ uses: redeemCodes.uses }).from(redeemCodes)
    expect(row!.uses).toBe(1)
    expect(await t.db.select().from(redeemCodeUses)).toHaveLength(1)
    expect(await welfareAudit(t.db)).toEqual([])
  })

  it('a multi-use code: once per user, used up at its uses; codes are normalised; the list shows the batch', async () => {
    const [a, b, c] = await usersWithSessions(t.db, 3)
    const {
      batch,
      codes: [code],
    } = await makeCodes(t.db, { reward: { kind: 'diamonds', amount: 1000 }, maxUses: 2 })
    expect(batch).toMatch(new RegExp(`^${dayKey(START_MS).replaceAll('-', '')}-[0-9a-f]{8}$`))
    // Lowercase, spaces instead of dashes, O for 0 and l for 1: the same code.
    const typed = ` ${code!.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o').replaceAll('1', 'l')} `
    const first = await use(typed, a!.token)
    expect(first.body.code).toBe(ResultCode.Ok)
    expect((first.body.data as RewardResult).reward).toEqual({ kind: 'diamonds', amount: 1000 })
    expect(await balanceOf(t.db, a!.userId)).toBe(1000)
    expect((await use(code!, a!.token)).body).toMatchObject({ code: BusinessCode.CodeUsed, tip: '兑换码已使用' })
    expect((await use(code!, b!.token)).body.code).toBe(ResultCode.Ok)
    expect((await use(code!, c!.token)).body).toMatchObject({ code: BusinessCode.CodeUsedUp, tip: '兑换码已被领完' })
    expect(await balanceOf(t.db, c!.userId)).toBe(0)

    const list = await t.client.call('redeemcode/list', {}, { token: a!.token })
    expect(list.body.data).toEqual({
      items: [
        {
          id: expect.any(Number),
          batch,
          reward: { kind: 'diamonds', amount: 1000 },
          createdAt: START_MS / 1000,
        },
      ],
      nextCursor: null,
    })
    expect(await welfareAudit(t.db)).toEqual([])
  })

  it('stores an HMAC under the server secret and nothing of the code; under another secret the code is unknown', async () => {
    // Fixed bytes (code, batch, secret), so the character check below cannot pass or fail by chance.
    const bytes = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 37 + length * 11) % 256)
    const {
      codes: [code],
    } = await createCodes(
      t.db,
      { count: 1, reward: { kind: 'points', amount: 5 }, maxUses: 1, expiresAt: null },
      { now: t.clock.now, randomBytes: bytes },
    )
    const plain = normaliseCode(code!)!
    const [stored] = await t.db.select().from(redeemCodes)
    const [secret] = await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, CODE_SECRET))
    expect(stored!.codeHash).toBe(hashCode(secret!.value, plain))
    expect(stored!.codeHash).not.toBe(createHash('sha256').update(plain, 'utf8').digest('hex'))
    expect(stored!.hashVersion).toBe(CodeHashVersion.HmacSha256)
    // No 4 characters of the code in a row, in any column, in either case.
    const row = JSON.stringify(stored).toUpperCase()
    for (let i = 0; i + 4 <= plain.length; i++) expect(row).not.toContain(plain.slice(i, i + 4))

    const [user] = await usersWithSessions(t.db, 1)
    const servicesNow = () =>
      createWelfareServices({ db: t.db, now: t.clock.now, wallet: createWalletService({ db: t.db, now: t.clock.now }) })
    const setSecret = (value: Uint8Array) =>
      t.db.update(serverSecrets).set({ value }).where(eq(serverSecrets.name, CODE_SECRET))
    await setSecret(new Uint8Array(32).fill(7))
    await expect(servicesNow().codes.use(user!.userId, '10.0.0.9', code!)).rejects.toMatchObject({
      code: BusinessCode.CodeWrong,
    })
    await setSecret(secret!.value)
    expect((await servicesNow().codes.use(user!.userId, '10.0.0.9', code!)).reward).toEqual({
      kind: 'points',
      amount: 5,
    })
    expect(await welfareAudit(t.db)).toEqual([])
  })

  it('a code stored before the key (SHA-256, hash_version 1) still redeems; a keyed row never matches by SHA-256', async () => {
    await loginGuest(t.client, 'device-code-legacy')
    const legacy = encodeCode(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
    const keyedBySha = encodeCode(Uint8Array.from([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]))
    const row = { rewardKind: 'points', rewardAmount: 7, batch: '20260101-00000000', createdAt: new Date(START_MS) }
    await t.db.insert(redeemCodes).values([
      { ...row, codeHash: legacyHashCode(legacy), hashVersion: CodeHashVersion.LegacySha256 },
      { ...row, codeHash: legacyHashCode(keyedBySha), hashVersion: CodeHashVersion.HmacSha256 },
    ])
    expect((await use(groupCode(legacy))).body.code).toBe(ResultCode.Ok)
    expect((await use(groupCode(keyedBySha))).body.code).toBe(BusinessCode.CodeWrong)
    expect(await welfareAudit(t.db)).toEqual([])
  })

  it('an expired code is 7010 from the end of its day on; VIP codes extend the tier', async () => {
    const userId = await loginGuest(t.client, 'device-code-expiry')
    const {
      codes: [code],
    } = await makeCodes(t.db, {
      reward: { kind: 'vip', tier: 'dark', days: 7 },
      expiresAt: new Date(START_MS + DAY_MS),
    })
    t.clock.advance(DAY_MS)
    expect((await use(code!)).body).toMatchObject({ code: BusinessCode.CodeExpired, tip: '兑换码已过期' })
    t.clock.advance(-1)
    expect((await use(code!)).body.code).toBe(ResultCode.Ok)
    const [vip] = await t.db.select({ expire: users.darkVipExpire }).from(users).where(eq(users.id, userId))
    expect(vip!.expire!.getTime()).toBe(t.clock.now() + 7 * DAY_MS)
    expect(await welfareAudit(t.db)).toEqual([])
  })

  it('wrong codes are 7012 and limited per account, then per address (4290), right codes included', async () => {
    const [a, b] = await usersWithSessions(t.db, 2)
    const {
      codes: [code],
    } = await makeCodes(t.db, { reward: { kind: 'points', amount: 5 } })
    for (let i = 0; i < MAX_WRONG_CODES_PER_ACCOUNT; i++) {
      const wrong = i % 2 === 0 ? 'ABCD-EFGH-JKMN-PQRS' : 'not a code'
      expect((await use(wrong, a!.token, '10.0.0.1')).body).toMatchObject({
        code: BusinessCode.CodeWrong,
        tip: '兑换码无效',
      })
    }
    const limited = await use(code!, a!.token, '10.0.0.2')
    expect(limited.body.code).toBe(ResultCode.RateLimited)
    expect(limited.status).toBe(429)
    // Another account on the same address is not limited yet.
    expect((await use(code!, b!.token, '10.0.0.1')).body.code).toBe(ResultCode.Ok)

    const others = await usersWithSessions(t.db, MAX_WRONG_CODES_PER_ADDRESS)
    for (const [i, other] of others.entries()) {
      const answer = await use('ZZZZ-ZZZZ-ZZZZ-ZZZ' + (i % 10), other.token, '10.0.0.3')
      expect(answer.body.code).toBe(BusinessCode.CodeWrong)
    }
    expect((await use(code!, b!.token, '10.0.0.3')).body.code).toBe(ResultCode.RateLimited)
    expect((await use(code!, b!.token, '10.0.0.4')).body.code).toBe(BusinessCode.CodeUsed)
    // Neither the codes typed nor the right one appear in the logs.
    expect(t.logs.join('\n')).not.toContain(code!)
    expect(t.logs.join('\n')).not.toContain('ABCD-EFGH')
  })

  it('codes:create prints codes that work, or writes them to a CSV; bad arguments write nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'codes-'))
    const run = async (args: string[]) => {
      const prepared = prepareCommand({ command: 'codes:create', args, cwd: dir })
      if (!('run' in prepared)) return prepared
      return runCommand(prepared, { config: t.config, db: t.db, now: t.clock.now, progress: () => {} })
    }
    try {
      const printed = await run(['--count', '3', '--reward', 'points:50', '--uses', '2', '--expires', '2026-01-02'])
      expect(printed.ok).toBe(true)
      const lines = (printed as { output: string }).output.split('\n')
      expect(lines[0]).toMatch(/^3 code\(s\) of points:50, 2 use\(s\) each, expiring after 2026-01-02/)
      const codes = lines.slice(1)
      expect(codes).toHaveLength(3)
      for (const code of codes) expect(code).toMatch(CODE_SHAPE)
      const userId = await loginGuest(t.client, 'device-codes-create')
      for (const code of codes) expect((await use(code)).body.code).toBe(ResultCode.Ok)
      expect((await pointsRow(t.db, userId)).balance).toBe(150)
      const rows = await t.db.select().from(redeemCodes)
      // Expires at the end of 2 January in Shanghai: 16:00 UTC that day.
      expect(rows.map((row) => row.expiresAt?.toISOString())).toEqual(Array(3).fill('2026-01-02T16:00:00.000Z'))

      const written = await run(['--count=2', '--reward=vip:supreme:7', '--csv', 'out.csv'])
      expect((written as { output: string }).output).toMatch(
        /^wrote 2 code\(s\) of vip:supreme:7, 1 use\(s\) each, never expiring, batch .* to .*out\.csv$/,
      )
      const csv = (await readFile(join(dir, 'out.csv'), 'utf8')).trim().split('\n')
      expect(csv[0]).toBe('code,reward,uses,expires')
      expect(csv).toHaveLength(3)
      expect((await use(csv[1]!.split(',')[0]!)).body.code).toBe(ResultCode.Ok)

      await writeFile(join(dir, 'taken.csv'), 'mine')
      const before = (await t.db.select().from(redeemCodes)).length
      for (const [args, error] of [
        [['--reward', 'points:5'], '--count is required'],
        [['--count', '0', '--reward', 'points:5'], '--count 0: expected a whole number from 1 to 10000'],
        [['--count', '1', '--reward', 'vip:gold:7'], '--reward vip:gold:7: expected'],
        [['--count', '1', '--reward', 'diamonds:-5'], '--reward diamonds:-5: expected'],
        [['--count', '1', '--reward', 'points:5', '--expires', '2026-02-30'], '--expires 2026-02-30: expected a date'],
        [['--count', '1', '--reward', 'points:5', '--uses'], '--uses needs a value'],
        [['--count', '1', '--reward', 'points:5', '--color', 'red'], 'unknown option --color'],
        [['--count', '1', '--reward', 'points:5', '--expires', '2025-12-31'], '--expires 2025-12-31 has passed'],
        [['--count', '1', '--reward', 'points:5', '--csv', 'taken.csv'], 'taken.csv exists'],
      ] as const) {
        const answer = await run([...args])
        expect(answer.ok).toBe(false)
        expect((answer as { error: string }).error).toContain(error)
      }
      expect(await t.db.select().from(redeemCodes)).toHaveLength(before)
      expect(await readFile(join(dir, 'taken.csv'), 'utf8')).toBe('mine')
      expect(await t.db.select().from(redeemCodeUses).where(eq(redeemCodeUses.userId, userId))).toHaveLength(4)
      expect(await welfareAudit(t.db)).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('redeem code text', () => {
  it('encodes 10 bytes as 16 characters, 5 bits each', () => {
    expect(encodeCode(new Uint8Array(10))).toBe('0000000000000000')
    expect(encodeCode(new Uint8Array(10).fill(255))).toBe('ZZZZZZZZZZZZZZZZ')
    expect(encodeCode(Uint8Array.from([0x08, 0x86, 0x42, 0x98, 0xe8, 0x4a, 0x96, 0xc6, 0xb9, 0xf0]))).toBe(
      '123456789ABCDEFG',
    )
  })

  it('normalises what users type and refuses what cannot be a code', () => {
    expect(normaliseCode('abcd-efgh-jkmn-pqrs')).toBe('ABCDEFGHJKMNPQRS')
    expect(normaliseCode('ABCD EFGH\tJKMN  PQRS')).toBe('ABCDEFGHJKMNPQRS')
    expect(normaliseCode('OOOO-IIII-LLLL-0000')).toBe('0000111111110000')
    expect(normaliseCode('ABCD-EFGH-JKMN-PQR')).toBeNull()
    expect(normaliseCode('ABCD-EFGH-JKMN-PQRU')).toBeNull()
    expect(normaliseCode('ABCD-EFGH-JKMN-PQRS-T')).toBeNull()
  })
})
