import { and, count, desc, eq, gt, gte, isNull, notInArray, sql, sum } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { preparedPerDb } from '../../db/prepared.ts'
import { onlineTime, sessions, users } from '../../db/schema/accounts.ts'

export type UserRow = typeof users.$inferSelect

const findSessionQuery = preparedPerDb((db) =>
  db
    .select({ sessionId: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
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

/** Sets the given profile fields; answers the updated user, or null when there is none. */
export async function updateProfile(
  db: Db,
  userId: number,
  patch: { nickname?: string; intro?: string; avatar?: string },
): Promise<UserRow | null> {
  const rows = await db.update(users).set(patch).where(eq(users.id, userId)).returning()
  return rows[0] ?? null
}
