import { and, count, eq, gte, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { inviteCodes, invites } from '../../db/schema/invitations.ts'
import type { Position } from '../catalogue/cursor.ts'

/** The wallet reason of an inviter's share of a top-up, and the points reason of a registration. */
export const InviteReason = { Share: 'invite-share', Register: 'invite-register' } as const

/** How an invite was bound (invites.source). */
export const InviteSource = { Link: 'link', Code: 'code' } as const
export type InviteSource = (typeof InviteSource)[keyof typeof InviteSource]

// pg_advisory_xact_lock(namespace, key) namespaces, ASCII "INVR" (an inviter), "INIP" (an
// address) and "INRD" (every binding to a real code): the two-key form never meets the seed's
// one-key lock.
const INVITER_LOCK = 0x494e5652
const IP_LOCK = 0x494e4950
const REDEEM_LOCK = 0x494e5244

export async function findCode(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userId, userId))
  return row?.code ?? null
}

/** False when the user has a code already or another user has this one (nothing written). */
export async function insertCode(db: Db, userId: number, code: string): Promise<boolean> {
  const rows = await db
    .insert(inviteCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ userId: inviteCodes.userId })
  return rows.length > 0
}

export async function findCodeOwner(db: Db, code: string) {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(inviteCodes)
    .innerJoin(users, eq(users.id, inviteCodes.userId))
    .where(eq(inviteCodes.code, code))
  return row ?? null
}

/**
 * The user's id, nickname and whether still a guest, locked against a concurrent
 * becoming-an-account (`no key update`, like the balance updates, so foreign keys' key-share
 * locks do not wait on it): a binding then either sees the account or is seen by it.
 */
export async function lockUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname, isGuest: users.isGuest })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update')
  return row ?? null
}

export async function findUser(db: Db, userId: number) {
  const [row] = await db.select({ id: users.id, nickname: users.nickname }).from(users).where(eq(users.id, userId))
  return row ?? null
}

export async function findInvite(db: Db, inviteeId: number) {
  const [row] = await db.select().from(invites).where(eq(invites.inviteeId, inviteeId))
  return row ?? null
}

/** Until the transaction ends, other bindings to this inviter wait here (the daily cap). */
export async function lockInviter(db: Db, inviterId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${INVITER_LOCK}, ${inviterId}::int)`)
}

/** Until the transaction ends, other bindings from this address wait here (the address cap). */
export async function lockAddress(db: Db, ip: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${IP_LOCK}, hashtext(${ip}))`)
}

/**
 * Until the transaction ends, other redeems wait here: two racing redeems could otherwise each
 * pass the cycle check against the other's uncommitted invite. Taken only once the code is known
 * to be someone's, so wrong codes never queue behind it. A new guest's binding needs no such
 * lock, as nobody can have been invited by a user that does not exist yet.
 */
export async function lockBindings(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${REDEEM_LOCK}, 0)`)
}

/** Whether the two users ever used one device: a guest's own, or any session's. */
export async function shareDevice(db: Db, a: number, b: number): Promise<boolean> {
  const result = (await db.execute(sql`
    with devices as (
      select device_id from users where id = ${a} and device_id is not null
      union
      select device_id from sessions where user_id = ${a} and device_id is not null
    )
    select 1 from devices d
    where exists (select 1 from users u where u.device_id = d.device_id and u.id = ${b})
      or exists (select 1 from sessions s where s.device_id = d.device_id and s.user_id = ${b})
    limit 1`)) as unknown as { rows: unknown[] }
  return result.rows.length > 0
}

/** Whether `userId` is up the inviter chain of `inviterId` (its inviter, that one's, …). */
export async function isUpTheChain(db: Db, userId: number, inviterId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    with recursive chain(id) as (
      select inviter_id from invites where invitee_id = ${inviterId}
      union
      select i.inviter_id from invites i join chain c on i.invitee_id = c.id
    )
    select 1 from chain where id = ${userId} limit 1`)) as unknown as { rows: unknown[] }
  return result.rows.length > 0
}

export async function countInvitesOf(db: Db, inviterId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.inviterId, inviterId), gte(invites.createdAt, since)))
  return row?.n ?? 0
}

export async function countInvitesFrom(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.ip, ip), gte(invites.createdAt, since)))
  return row?.n ?? 0
}

/** False when the invitee has an inviter already (nothing written). */
export async function insertInvite(
  db: Db,
  invite: {
    inviteeId: number
    inviterId: number
    source: InviteSource
    ip: string
    createdAt: Date
    sharePercent: number
    /** Set for an account binding: registered before it, so nothing is paid (registerPoints 0). */
    registeredAt?: Date
    registerPoints?: number
  },
): Promise<boolean> {
  const rows = await db
    .insert(invites)
    .values(invite)
    .onConflictDoNothing({ target: invites.inviteeId })
    .returning({ inviteeId: invites.inviteeId })
  return rows.length > 0
}

/**
 * Marks the invitee registered once, with the points its inviter is paid for it; answers the
 * inviter, or null when not invited or marked before.
 */
export async function markRegistered(db: Db, inviteeId: number, at: Date, points: number): Promise<number | null> {
  const [row] = await db
    .update(invites)
    .set({ registeredAt: at, registerPoints: points })
    .where(and(eq(invites.inviteeId, inviteeId), isNull(invites.registeredAt)))
    .returning({ inviterId: invites.inviterId })
  return row?.inviterId ?? null
}

interface Rows<T> {
  rows: T[]
}

/** The inviter's totals: invitees, registered ones, diamonds from shares, points from registrations. */
export async function incomeTotals(db: Db, inviterId: number) {
  const result = (await db.execute(sql`
    select
      (select count(*) from invites where inviter_id = ${inviterId})::float8 as invitees,
      (select count(registered_at) from invites where inviter_id = ${inviterId})::float8 as registered,
      (select coalesce(sum(amount), 0) from wallet_ledger
        where user_id = ${inviterId} and reason = ${InviteReason.Share})::float8 as diamonds,
      (select coalesce(sum(amount), 0) from points_ledger
        where user_id = ${inviterId} and reason = ${InviteReason.Register})::float8 as points`)) as unknown as Rows<{
    invitees: number
    registered: number
    diamonds: number
    points: number
  }>
  const row = result.rows[0]!
  return {
    invitees: Number(row.invitees),
    registered: Number(row.registered),
    diamonds: Number(row.diamonds),
    points: Number(row.points),
  }
}

export interface InviteeRow {
  id: number
  nickname: string
  avatar: string
  registered: boolean
  joinedMs: number
  diamonds: number
  points: number
}

/**
 * The inviter's invitees, newest first, after `after` ((created_at, invitee_id) of the previous
 * page's last), each with what it earned the inviter: the shares of its orders (the ledger's
 * (ref, reason) index per order) and its registration's points (the points ledger's). Raw SQL,
 * so int8 and timestamps are cast here (server/db/README.md).
 */
export async function listInvitees(
  db: Db,
  inviterId: number,
  after: Position | null,
  limit: number,
): Promise<InviteeRow[]> {
  const page = after
    ? sql`and (i.created_at, i.invitee_id) < (${new Date(after.key).toISOString()}::timestamptz, ${after.id}::int)`
    : sql``
  const result = (await db.execute(sql`
    select i.invitee_id as id, u.nickname, u.avatar, i.registered_at is not null as registered,
      (extract(epoch from i.created_at) * 1000)::float8 as joined_ms,
      (select coalesce(sum(l.amount), 0) from payment_orders o
        join wallet_ledger l on l.ref_type = 'order' and l.ref_id = o.id and l.reason = ${InviteReason.Share}
        where o.user_id = i.invitee_id and l.user_id = ${inviterId})::float8 as diamonds,
      (select coalesce(sum(p.amount), 0) from points_ledger p
        where p.ref_type = 'invite' and p.ref_id = i.invitee_id and p.reason = ${InviteReason.Register}
          and p.user_id = ${inviterId})::float8 as points
    from invites i join users u on u.id = i.invitee_id
    where i.inviter_id = ${inviterId} ${page}
    order by i.created_at desc, i.invitee_id desc
    limit ${limit}`)) as unknown as Rows<Record<string, unknown>>
  return result.rows.map((raw) => ({
    id: Number(raw.id),
    nickname: String(raw.nickname),
    avatar: String(raw.avatar),
    registered: raw.registered === true,
    joinedMs: Number(raw.joined_ms),
    diamonds: Number(raw.diamonds),
    points: Number(raw.points),
  }))
}
