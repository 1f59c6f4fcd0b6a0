import { and, asc, count, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm'
import { PostState } from '../../../core/contracts/community-rules.ts'
import { OrderState } from '../../../core/contracts/payments.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { posts } from '../../db/schema/community.ts'
import { invites } from '../../db/schema/invitations.ts'
import { paymentOrders } from '../../db/schema/payments.ts'
import { countedPlays } from '../../db/schema/watching.ts'
import {
  pointLevels,
  pointsBalances,
  redeemCodes,
  redeemCodeUses,
  redeemExchanges,
  redeemItems,
  taskClaims,
  tasks,
} from '../../db/schema/welfare.ts'
import { CodeHashVersion } from './code-text.ts'
import type { RewardColumns } from './rewards.ts'

/**
 * Takes the user's row for the rest of the transaction. A VIP reward locks it FOR UPDATE
 * (payments/vip.ts), which waits for the KEY SHARE every insert referencing the user holds: two
 * of one user's rewards racing would each hold one and wait for the other (a deadlock, seen
 * with racing exchanges on PostgreSQL). Taken first, one user's welfare transactions queue instead.
 */
export async function lockUser(db: Db, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

// Points and levels.

export async function pointsOf(db: Db, userId: number) {
  const [row] = await db
    .select({ balance: pointsBalances.balance, lifetime: pointsBalances.lifetime })
    .from(pointsBalances)
    .where(eq(pointsBalances.userId, userId))
  return row ?? { balance: 0, lifetime: 0 }
}

export function listLevels(db: Db) {
  return db.select().from(pointLevels).orderBy(asc(pointLevels.minPoints))
}

// Tasks.

export type TaskRow = typeof tasks.$inferSelect

export function listActiveTasks(db: Db) {
  return db.select().from(tasks).where(eq(tasks.active, true)).orderBy(asc(tasks.sort), asc(tasks.id))
}

export async function findActiveTask(db: Db, taskId: number): Promise<TaskRow | null> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.active, true)))
  return row ?? null
}

/** The user's claims of the given periods (today's key and `once`, yesterday's for the streak). */
export function claimsIn(db: Db, userId: number, periods: string[]) {
  return db
    .select({ taskId: taskClaims.taskId, period: taskClaims.period, streak: taskClaims.streak })
    .from(taskClaims)
    .where(and(eq(taskClaims.userId, userId), inArray(taskClaims.period, periods)))
}

/** The streak of the user's sign-in claim of a period, or 0 without one. */
export async function signInStreakOf(db: Db, userId: number, signInTaskId: number, period: string) {
  const [row] = await db
    .select({ streak: taskClaims.streak })
    .from(taskClaims)
    .where(and(eq(taskClaims.userId, userId), eq(taskClaims.taskId, signInTaskId), eq(taskClaims.period, period)))
  return row?.streak ?? 0
}

/** The claim's id, or null when the user already claimed this task in this period (a retry or a racing twin). */
export async function insertClaim(
  db: Db,
  claim: { userId: number; taskId: number; period: string; streak: number; at: Date } & RewardColumns,
): Promise<number | null> {
  const rows = await db
    .insert(taskClaims)
    .values({
      userId: claim.userId,
      taskId: claim.taskId,
      period: claim.period,
      streak: claim.streak,
      rewardKind: claim.rewardKind,
      rewardAmount: claim.rewardAmount,
      rewardTier: claim.rewardTier,
      createdAt: claim.at,
    })
    .onConflictDoNothing({ target: [taskClaims.userId, taskClaims.taskId, taskClaims.period] })
    .returning({ id: taskClaims.id })
  return rows[0]?.id ?? null
}

/** What each task counts for the user, from the day starting at `since` (one query). */
export async function progressOf(db: Db, userId: number, since: Date) {
  const [row] = await db
    .select({
      watched: sql<number>`(select count(*)::int from ${countedPlays}
        where ${countedPlays.userId} = ${userId} and ${countedPlays.countedAt} >= ${since.toISOString()})`,
      invited: sql<number>`(select count(*)::int from ${invites}
        where ${invites.inviterId} = ${userId} and ${invites.createdAt} >= ${since.toISOString()})`,
      published: sql<number>`(select count(*)::int from ${posts}
        where ${posts.authorId} = ${userId} and ${posts.createdAt} >= ${since.toISOString()}
          and ${posts.state} in (${PostState.Pending}, ${PostState.Published}))`,
      toppedUp: sql<boolean>`exists (select 1 from ${paymentOrders}
        where ${paymentOrders.userId} = ${userId} and ${paymentOrders.kind} = 'diamonds'
          and ${paymentOrders.state} = ${OrderState.Paid})`,
      hasMobile: isNotNull(users.mobile),
    })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? { watched: 0, invited: 0, published: 0, toppedUp: false, hasMobile: false }
}

// The exchange.

export type ItemRow = typeof redeemItems.$inferSelect

export function listActiveItems(db: Db) {
  return db
    .select()
    .from(redeemItems)
    .where(eq(redeemItems.active, true))
    .orderBy(asc(redeemItems.sort), asc(redeemItems.id))
}

/**
 * An active item as it is now, inside the exchange's transaction: a stocked one with one of its
 * stock taken in one conditional statement (racing exchanges wait on the row and re-check), an
 * unstocked one read `for share` so an operator's change of price or reward waits for the
 * exchange to commit. `soldOut` when a stocked item has none left; null when no such item.
 */
export async function takeActiveItem(db: Db, itemId: number): Promise<{ item: ItemRow; soldOut: boolean } | null> {
  const [taken] = await db
    .update(redeemItems)
    .set({ stock: sql`${redeemItems.stock} - 1` })
    .where(and(eq(redeemItems.id, itemId), eq(redeemItems.active, true), sql`${redeemItems.stock} > 0`))
    .returning()
  if (taken) return { item: taken, soldOut: false }
  const [row] = await db
    .select()
    .from(redeemItems)
    .where(and(eq(redeemItems.id, itemId), eq(redeemItems.active, true)))
    .for('share')
  return row ? { item: row, soldOut: row.stock !== null } : null
}

export async function insertExchange(db: Db, userId: number, item: ItemRow, at: Date): Promise<number> {
  const [row] = await db
    .insert(redeemExchanges)
    .values({
      userId,
      itemId: item.id,
      title: item.title,
      rewardKind: item.rewardKind,
      rewardAmount: item.rewardAmount,
      rewardTier: item.rewardTier,
      price: item.price,
      createdAt: at,
    })
    .returning({ id: redeemExchanges.id })
  return row!.id
}

export function listExchanges(db: Db, userId: number, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(redeemExchanges)
    .where(and(eq(redeemExchanges.userId, userId), beforeId === null ? undefined : lt(redeemExchanges.id, beforeId)))
    .orderBy(desc(redeemExchanges.id))
    .limit(limit)
}

// Redeem codes.

export type CodeRow = typeof redeemCodes.$inferSelect

/** The code whose hash is `keyed` (a keyed row) or `legacy` (a row from before the key), by the unique index. */
export async function findCode(db: Db, hashes: { keyed: string; legacy: string }): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(redeemCodes)
    .where(
      or(
        and(eq(redeemCodes.codeHash, hashes.keyed), eq(redeemCodes.hashVersion, CodeHashVersion.HmacSha256)),
        and(eq(redeemCodes.codeHash, hashes.legacy), eq(redeemCodes.hashVersion, CodeHashVersion.LegacySha256)),
      ),
    )
  return row ?? null
}

/** The use's id, or null when this user redeemed the code before. */
export async function insertCodeUse(db: Db, codeId: number, userId: number, at: Date): Promise<number | null> {
  const rows = await db
    .insert(redeemCodeUses)
    .values({ codeId, userId, createdAt: at })
    .onConflictDoNothing({ target: [redeemCodeUses.codeId, redeemCodeUses.userId] })
    .returning({ id: redeemCodeUses.id })
  return rows[0]?.id ?? null
}

/** Takes one use while any is left, in one statement; false: used up. */
export async function takeCodeUse(db: Db, codeId: number): Promise<boolean> {
  const rows = await db
    .update(redeemCodes)
    .set({ uses: sql`${redeemCodes.uses} + 1` })
    .where(and(eq(redeemCodes.id, codeId), sql`${redeemCodes.uses} < ${redeemCodes.maxUses}`))
    .returning({ id: redeemCodes.id })
  return rows.length > 0
}

export function listCodeUses(db: Db, userId: number, beforeId: number | null, limit: number) {
  return db
    .select({
      id: redeemCodeUses.id,
      batch: redeemCodes.batch,
      rewardKind: redeemCodes.rewardKind,
      rewardAmount: redeemCodes.rewardAmount,
      rewardTier: redeemCodes.rewardTier,
      createdAt: redeemCodeUses.createdAt,
    })
    .from(redeemCodeUses)
    .innerJoin(redeemCodes, eq(redeemCodes.id, redeemCodeUses.codeId))
    .where(and(eq(redeemCodeUses.userId, userId), beforeId === null ? undefined : lt(redeemCodeUses.id, beforeId)))
    .orderBy(desc(redeemCodeUses.id))
    .limit(limit)
}

export async function insertCodes(
  db: Db,
  rows: {
    codeHash: string
    hashVersion: CodeHashVersion
    maxUses: number
    expiresAt: Date | null
    batch: string
    createdAt: Date
  }[],
  reward: RewardColumns,
) {
  await db.insert(redeemCodes).values(rows.map((row) => ({ ...row, ...reward })))
}

/** Whether the table has any row (the seed fills empty tables only). */
export async function isEmpty(db: Db, table: typeof tasks | typeof pointLevels | typeof redeemItems) {
  const [row] = await db.select({ n: count() }).from(table).limit(1)
  return (row?.n ?? 0) === 0
}
