import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { images } from '../../db/schema/images.ts'
import { faqEntries, feedback } from '../../db/schema/support.ts'

export type FeedbackRow = typeof feedback.$inferSelect
export type NewFeedback = Omit<typeof feedback.$inferInsert, 'id' | 'reply' | 'repliedAt'>
export type FaqRow = typeof faqEntries.$inferSelect
export type FaqFields = Omit<typeof faqEntries.$inferInsert, 'id'>

/** Locks the user's row until the transaction ends, so two submissions of one user count one after the other. */
export async function lockUser(db: Db, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
  return rows.length === 1
}

export async function countFeedbackSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(feedback)
    .where(and(eq(feedback.userId, userId), gt(feedback.createdAt, since)))
  return row?.n ?? 0
}

export async function insertFeedback(db: Db, row: NewFeedback): Promise<number> {
  const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id })
  return inserted!.id
}

/** The user's feedback, newest first, strictly before `beforeId` when given. */
export async function listOwnFeedback(db: Db, userId: number, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(feedback)
    .where(and(eq(feedback.userId, userId), beforeId === null ? undefined : lt(feedback.id, beforeId)))
    .orderBy(desc(feedback.id))
    .limit(limit)
}

/** Width and height of the images named, by key (0 where unknown). */
export async function imageSizes(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, { width: number; height: number }>()
  const rows = await db
    .select({ key: images.key, width: images.width, height: images.height })
    .from(images)
    .where(inArray(images.key, [...keys]))
  return new Map(rows.map((row) => [row.key, { width: row.width ?? 0, height: row.height ?? 0 }]))
}

/** The operator's view: oldest first, unreplied only when asked. */
export async function listFeedbackForOperator(db: Db, options: { unreplied: boolean; limit: number }) {
  const where = options.unreplied ? isNull(feedback.repliedAt) : undefined
  const [rows, [total]] = await Promise.all([
    db.select().from(feedback).where(where).orderBy(asc(feedback.id)).limit(options.limit),
    db.select({ n: count() }).from(feedback).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function findFeedback(db: Db, id: number): Promise<FeedbackRow | null> {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id)).limit(1)
  return row ?? null
}

/** Sets the reply of feedback that has none yet; null when it has one (or there is no such feedback). */
export async function setReplyOnce(db: Db, id: number, reply: string, at: Date) {
  const [row] = await db
    .update(feedback)
    .set({ reply, repliedAt: at })
    .where(and(eq(feedback.id, id), isNull(feedback.repliedAt)))
    .returning({ id: feedback.id, userId: feedback.userId })
  return row ?? null
}

export async function listFaq(db: Db): Promise<FaqRow[]> {
  return db.select().from(faqEntries).orderBy(asc(faqEntries.sort), asc(faqEntries.id))
}

export async function findFaq(db: Db, id: number): Promise<FaqRow | null> {
  const [row] = await db.select().from(faqEntries).where(eq(faqEntries.id, id)).limit(1)
  return row ?? null
}

/** Appends an entry after the others (sort one past the greatest). */
export async function insertFaq(db: Db, fields: Omit<FaqFields, 'sort'>): Promise<FaqRow> {
  const [last] = await db.select({ sort: max(faqEntries.sort) }).from(faqEntries)
  const [row] = await db
    .insert(faqEntries)
    .values({ ...fields, sort: (last?.sort ?? 0) + 1 })
    .returning()
  return row!
}

export async function updateFaq(db: Db, id: number, patch: Partial<FaqFields>): Promise<FaqRow | null> {
  const [row] = await db.update(faqEntries).set(patch).where(eq(faqEntries.id, id)).returning()
  return row ?? null
}

export async function deleteFaq(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(faqEntries).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id })
  return rows.length === 1
}

export async function countFaq(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(faqEntries)
  return row?.n ?? 0
}
