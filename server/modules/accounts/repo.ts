import { and, count, desc, eq, gt, gte, isNull, lt, notInArray, or, sql, sum } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { preparedPerDb } from '../../db/prepared.ts'
import { onlineTime, sessions, users } from '../../db/schema/accounts.ts'

export type UserRow = typeof users.$inferSelect

const findSessionQuery = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_session'),
)

/** Prepared: every call with a token runs it. */
export async function findSession(db: Db, tokenHash: string, now: Date) {
  const rows = await findSessionQuery(db).execute({ tokenHash, now: now.toISOString() })
  return rows[0] ?? null
}

/** Moves last_seen_at to `now` unless another lookup already did since `staleBefore`. */
export async function touchSession(db: Db, sessionId: number, now: Date, staleBefore: Date) {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, staleBefore))))
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return rows[0] ?? null
}

export async function findGuestByDevice(db: Db, deviceId: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.deviceId, deviceId)).limit(1)
  return rows[0] ?? null
}

// pg_advisory_xact_lock(namespace, key) namespaces, ASCII "GDEV" and "GIPA": the two-key form
// never meets the seed's one-key lock.
const DEVICE_LOCK = 0x47444556
const GUEST_IP_LOCK = 0x47495041

/** Until the transaction ends, other guest logins of this device wait here. */
export async function lockDevice(db: Db, deviceId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${DEVICE_LOCK}, hashtext(${deviceId}))`)
}

/** Until the transaction ends, other guest creations from this IP wait here. */
export async function lockGuestCreationFrom(db: Db, ip: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${GUEST_IP_LOCK}, hashtext(${ip}))`)
}

export async function countGuestsCreatedFrom(db: Db, ip: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.createdIp, ip), eq(users.isGuest, true), gte(users.createdAt, since)))
  return rows[0]?.n ?? 0
}

/** Null when another request created the guest for this device first. */
export async function insertGuest(
  db: Db,
  guest: { deviceId: string; affCode: string; channel: Record<string, unknown> | null; ip: string; now: Date },
): Promise<UserRow | null> {
  const rows = await db
    .insert(users)
    .values({
      deviceId: guest.deviceId,
      isGuest: true,
      nickname: '',
      affCode: guest.affCode,
      channel: guest.channel,
      createdIp: guest.ip,
      createdAt: guest.now,
    })
    .onConflictDoNothing({ target: users.deviceId })
    .returning()
  return rows[0] ?? null
}

export async function revokeSession(db: Db, tokenHash: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
}

/** Revokes the user's live sessions but the newest `keep`; answers their token hashes. */
export async function revokeSessionsBeyond(db: Db, userId: number, keep: number, now: Date): Promise<string[]> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))
  const newest = db.select({ id: sessions.id }).from(sessions).where(live).orderBy(desc(sessions.id)).limit(keep)
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(live, notInArray(sessions.id, newest)))
    .returning({ tokenHash: sessions.tokenHash })
  return rows.map((row) => row.tokenHash)
}

export async function addOnlineSeconds(db: Db, userId: number, day: string, seconds: number) {
  await db
    .insert(onlineTime)
    .values({ userId, day, seconds })
    .onConflictDoUpdate({
      target: [onlineTime.userId, onlineTime.day],
      set: { seconds: sql`${onlineTime.seconds} + ${seconds}` },
    })
}

export async function totalOnlineSeconds(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ total: sum(onlineTime.seconds) })
    .from(onlineTime)
    .where(eq(onlineTime.userId, userId))
  return Number(rows[0]?.total ?? 0)
}

/** By login name, without regard to case (the users_account_lower_key index). */
export async function findUserByAccount(db: Db, account: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = lower(${account})`)
    .limit(1)
  return rows[0] ?? null
}

export async function findUserByMobile(db: Db, mobile: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1)
  return rows[0] ?? null
}

export async function findUserByCredentialHash(db: Db, credentialHash: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.credentialHash, credentialHash)).limit(1)
  return rows[0] ?? null
}

/** A new account with a password, for a caller who was nobody (no guest to convert). */
export async function insertAccount(
  db: Db,
  account: { account: string; passwordHash: string; ip: string; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      isGuest: false,
      account: account.account,
      passwordHash: account.passwordHash,
      nickname: account.account,
      createdIp: account.ip,
      createdAt: account.now,
    })
    .returning()
  return row!
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}

/** Replaces the user's credential: the previous hash no longer matches anyone. */
export async function setCredentialHash(db: Db, userId: number, credentialHash: string, now: Date) {
  await db.update(users).set({ credentialHash, credentialCreatedAt: now }).where(eq(users.id, userId))
}

/**
 * Whether an account (not a guest) ever signed in on this device. The app asks at start, alongside
 * the guest login that opens a new guest session there, so the newest session cannot decide.
 */
export async function accountSignedInOnDevice(db: Db, deviceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.deviceId, deviceId), eq(users.isGuest, false)))
    .limit(1)
  return rows.length > 0
}

/** The user's sessions newest first; only the live ones unless `now` is left out. */
export async function listSessions(db: Db, userId: number, live?: { now: Date }) {
  return db
    .select({
      id: sessions.id,
      deviceName: sessions.deviceName,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        live ? isNull(sessions.revokedAt) : undefined,
        live ? gt(sessions.expiresAt, live.now) : undefined,
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
}

export async function countLiveSessions(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
  return rows[0]?.n ?? 0
}

/** Revokes one live session when it is the user's; answers its token hash, or null. */
export async function revokeSessionOf(db: Db, userId: number, sessionId: number, now: Date): Promise<string | null> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash })
  return rows[0]?.tokenHash ?? null
}

/** Sets the given profile fields; answers the updated user, or null when there is none. */
export async function updateProfile(
  db: Db,
  userId: number,
  patch: { nickname?: string; intro?: string; avatar?: string },
): Promise<UserRow | null> {
  const rows = await db.update(users).set(patch).where(eq(users.id, userId)).returning()
  return rows[0] ?? null
}
