import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { smsCodes, users } from '../../db/schema/accounts.ts'
import type { UserRow } from './repo.ts'

// pg_advisory_xact_lock(namespace, key) namespaces, ASCII "SMSN", "SMSA" and "MOBL".
const SMS_NUMBER_LOCK = 0x534d534e
const SMS_ADDRESS_LOCK = 0x534d5341
const MOBILE_LOCK = 0x4d4f424c

/**
 * Until the transaction ends, other sends to this number or from this address wait here, so
 * the counts a send checks include every send before it (number first, then address: always
 * in this order, so two sends cannot wait for each other).
 */
export async function lockSmsSending(db: Db, mobile: string, ip: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${SMS_NUMBER_LOCK}, hashtext(${mobile}))`)
  await db.execute(sql`select pg_advisory_xact_lock(${SMS_ADDRESS_LOCK}, hashtext(${ip}))`)
}

/** Until the transaction ends, other bindings of this number wait here. */
export async function lockMobile(db: Db, mobile: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${MOBILE_LOCK}, hashtext(${mobile}))`)
}

/** When the newest `limit` codes to this number, or asked for from this address, after `since` were made. */
export async function codesSentSince(
  db: Db,
  by: { mobile: string } | { ip: string },
  since: Date,
  limit: number,
): Promise<Date[]> {
  const who = 'mobile' in by ? eq(smsCodes.mobile, by.mobile) : eq(smsCodes.ip, by.ip)
  const rows = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(who, gt(smsCodes.createdAt, since)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(limit)
  return rows.map((row) => row.createdAt)
}

export async function insertSmsCode(db: Db, code: typeof smsCodes.$inferInsert) {
  await db.insert(smsCodes).values(code)
}

/**
 * Takes one try of the newest code for (mobile, purpose) before it is compared, so racing
 * guesses cannot compare more than `maxTries` times; null when that code is used, expired or
 * out of tries (an older code died when a newer one was sent).
 */
export async function takeTry(
  db: Db,
  code: { mobile: string; purpose: string; now: Date; maxTries: number },
): Promise<{ id: number; codeHash: string } | null> {
  const newest = db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, code.mobile), eq(smsCodes.purpose, code.purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
  const rows = await db
    .update(smsCodes)
    .set({ failedTries: sql`${smsCodes.failedTries} + 1` })
    .where(
      and(
        inArray(smsCodes.id, newest),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, code.now),
        lt(smsCodes.failedTries, code.maxTries),
      ),
    )
    .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash })
  return rows[0] ?? null
}

/** A try that matched was no failure. */
export async function giveTryBack(db: Db, id: number) {
  await db
    .update(smsCodes)
    .set({ failedTries: sql`${smsCodes.failedTries} - 1` })
    .where(eq(smsCodes.id, id))
}

/** Marks the code used; false when another request used it first, or it has expired. */
export async function claimCode(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .returning({ id: smsCodes.id })
  return rows.length > 0
}

export async function insertPhoneAccount(
  db: Db,
  account: { mobile: string; nickname: string; ip: string; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      isGuest: false,
      mobile: account.mobile,
      nickname: account.nickname,
      createdIp: account.ip,
      createdAt: account.now,
    })
    .returning()
  return row!
}

/**
 * Sets the user's number where it is still `from` (null: none bound); null when it is not,
 * as after a racing change.
 */
export async function setMobile(db: Db, userId: number, from: string | null, to: string): Promise<UserRow | null> {
  const rows = await db
    .update(users)
    .set({ mobile: to })
    .where(and(eq(users.id, userId), from === null ? isNull(users.mobile) : eq(users.mobile, from)))
    .returning()
  return rows[0] ?? null
}
