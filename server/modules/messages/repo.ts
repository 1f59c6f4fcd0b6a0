import { sql, type SQL } from 'drizzle-orm'
import { MESSAGE_TYPES, type MessageType } from '../../../core/contracts/messages.ts'
import type { Db } from '../../db/client.ts'
import { messageReads } from '../../db/schema/messages.ts'

/**
 * A user's messages are their own rows (`messages_user_type_id_idx`) and the notices to
 * everyone (`user_id` null, `messages_broadcast_id_idx`) made since the user was. Raw SQL, to
 * read both index ranges of a type and merge them: int8 and timestamps are cast here and names
 * are written by hand (server/db/README.md).
 */

export interface MessageRow {
  id: number
  type: MessageType
  title: string
  body: string
  link: string
  createdMs: number
}

interface Rows {
  rows: Record<string, unknown>[]
}

const COLUMNS = sql`m.id, m.type, m.title, m.body, m.link, m.created_at`

/** Unread messages a type counts at most: a badge says 99+ long before, and the count stays an index range. */
export const UNREAD_COUNTED = 1000

/** The user's messages of one type, newest first, with `extra` (an id bound) on both ranges. */
const rangesOf = (userId: number, type: SQL, extra: SQL, limit: number) => sql`
  (select ${COLUMNS} from messages m
    where m.user_id = ${userId} and m.type = ${type} ${extra}
    order by m.id desc limit ${limit})
  union all
  (select ${COLUMNS} from messages m
    where m.user_id is null and m.type = ${type} ${extra}
      and m.created_at >= (select created_at from users where id = ${userId})
    order by m.id desc limit ${limit})`

function toRow(raw: Record<string, unknown>): MessageRow {
  return {
    id: Number(raw.id),
    type: String(raw.type) as MessageType,
    title: String(raw.title),
    body: String(raw.body),
    link: String(raw.link),
    createdMs: Number(raw.created_ms),
  }
}

export interface TypeSummary {
  type: MessageType
  unread: number
  latest: MessageRow | null
  lastReadId: number
}

/** Each type's unread count (ids past its last read) and newest message, in MESSAGE_TYPES order. */
export async function summaries(db: Db, userId: number): Promise<TypeSummary[]> {
  const types = sql.join(
    MESSAGE_TYPES.map((type, i) => sql`(${type}::text, ${i}::int)`),
    sql`, `,
  )
  const unreadOf = (read: SQL) =>
    sql`(select least(count(*), ${UNREAD_COUNTED}) from (${rangesOf(userId, sql`t.type`, read, UNREAD_COUNTED)}) u)`
  const result = (await db.execute(sql`
    select t.type, coalesce(r.last_read_id, 0)::float8 as last_read_id,
      ${unreadOf(sql`and m.id > coalesce(r.last_read_id, 0)`)}::float8 as unread,
      l.id::float8 as id, l.title, l.body, l.link,
      (extract(epoch from l.created_at) * 1000)::float8 as created_ms
    from (values ${types}) t(type, position)
    left join message_reads r on r.user_id = ${userId} and r.type = t.type
    left join lateral (
      select * from (${rangesOf(userId, sql`t.type`, sql``, 1)}) c order by c.id desc limit 1
    ) l on true
    order by t.position`)) as unknown as Rows
  return result.rows.map((raw) => ({
    type: String(raw.type) as MessageType,
    unread: Number(raw.unread),
    lastReadId: Number(raw.last_read_id),
    latest: raw.id === null ? null : toRow(raw),
  }))
}

/** How far the user has read the type (0: nothing). */
export async function lastReadId(db: Db, userId: number, type: MessageType): Promise<number> {
  const result = (await db.execute(
    sql`select last_read_id::float8 as id from message_reads where user_id = ${userId} and type = ${type}`,
  )) as unknown as Rows
  return result.rows.length > 0 ? Number(result.rows[0]!.id) : 0
}

/** A page of the type's messages, newest first, below `beforeId` (null: from the newest). */
export async function listMessages(
  db: Db,
  userId: number,
  type: MessageType,
  beforeId: number | null,
  limit: number,
): Promise<MessageRow[]> {
  const below = beforeId === null ? sql`` : sql`and m.id < ${beforeId}`
  const result = (await db.execute(sql`
    select c.id::float8 as id, c.type, c.title, c.body, c.link,
      (extract(epoch from c.created_at) * 1000)::float8 as created_ms
    from (${rangesOf(userId, sql`${type}`, below, limit)}) c
    order by c.id desc limit ${limit}`)) as unknown as Rows
  return result.rows.map(toRow)
}

/** Moves the type's read mark up to `id` (never down: a slower twin cannot unread). */
export async function markRead(db: Db, userId: number, type: MessageType, id: number) {
  await db
    .insert(messageReads)
    .values({ userId, type, lastReadId: id })
    .onConflictDoUpdate({
      target: [messageReads.userId, messageReads.type],
      set: { lastReadId: sql`greatest(${messageReads.lastReadId}, excluded.last_read_id)` },
    })
}
