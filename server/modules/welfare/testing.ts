import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Reward } from '../../../core/contracts/welfare.ts'
import type { TaskKind } from '../../../core/contracts/welfare-rules.ts'
import type { Db } from '../../db/client.ts'
import { seedWelfareCatalogue } from '../../db/demo/welfare.ts'
import { sessions, users } from '../../db/schema/accounts.ts'
import { pointsBalances, pointsLedger, redeemItems, tasks } from '../../db/schema/welfare.ts'
import { hashToken } from '../../plugins/session.ts'
import { START_MS } from '../../testing/harness.ts'
import { PAYMENTS_RULES } from '../payments/audit.ts'
import { runAudit, WALLET_RULES } from '../wallet/audit.ts'
import { WELFARE_RULES } from './audit.ts'
import { createCodes, type CodeBatchSpec } from './codes.ts'
import { columnsOf } from './rewards.ts'

/** Fixtures of the welfare tests. */

export { seedWelfareCatalogue }

export async function taskIdOf(db: Db, kind: TaskKind): Promise<number> {
  const [row] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.kind, kind))
  return row!.id
}

/** `n` users, each with a live session: their tokens go on clients (many callers without n logins). */
export async function usersWithSessions(db: Db, n: number): Promise<{ userId: number; token: string }[]> {
  const at = new Date(START_MS)
  const rows = await db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ nickname: `用户${i + 1}`, createdAt: at })))
    .returning({ id: users.id })
  const tokens = rows.map(() => randomBytes(32).toString('hex'))
  await db.insert(sessions).values(
    rows.map((row, i) => ({
      userId: row.id,
      tokenHash: hashToken(tokens[i]!),
      createdAt: at,
      expiresAt: new Date(START_MS + 365 * 24 * 3600_000),
    })),
  )
  return rows.map((row, i) => ({ userId: row.id, token: tokens[i]! }))
}

export async function pointsRow(db: Db, userId: number) {
  const [row] = await db.select().from(pointsBalances).where(eq(pointsBalances.userId, userId))
  return row ?? { userId, balance: 0, lifetime: 0 }
}

export const pointsLedgerOf = (db: Db, userId: number) =>
  db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id)

export async function insertItem(
  db: Db,
  spec: { reward: Reward; price: number; stock?: number | null; title?: string },
) {
  const [row] = await db
    .insert(redeemItems)
    .values({
      title: spec.title ?? '测试商品',
      ...columnsOf(spec.reward),
      price: spec.price,
      stock: spec.stock ?? null,
    })
    .returning({ id: redeemItems.id })
  return row!.id
}

export function makeCodes(db: Db, spec: Partial<CodeBatchSpec> & Pick<CodeBatchSpec, 'reward'>, now = () => START_MS) {
  return createCodes(
    db,
    { count: 1, maxUses: 1, expiresAt: null, ...spec },
    { now, randomBytes: (length) => new Uint8Array(randomBytes(length)) },
  )
}

/** The books after a test: the wallet's, payments' and welfare's rules (they read every ledger welfare pays into). */
export const welfareAudit = (db: Db) => runAudit(db, [...WALLET_RULES, ...PAYMENTS_RULES, ...WELFARE_RULES])
