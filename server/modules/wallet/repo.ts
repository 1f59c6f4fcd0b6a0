import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { collections, videos } from '../../db/schema/catalogue.ts'
import { posts } from '../../db/schema/community.ts'
import { paymentOrders } from '../../db/schema/payments.ts'
import { collectionPurchases, purchases, walletLedger } from '../../db/schema/wallet.ts'

/**
 * What a ledger row points at; `order` is a payment_orders id (server/modules/payments), `post`
 * a community post bought or sold (server/modules/community); `task-claim`, `exchange` and
 * `code-use` a welfare reward's task_claims, redeem_exchanges or redeem_code_uses row
 * (server/modules/welfare).
 */
export const RefType = {
  Video: 'video',
  Collection: 'collection',
  Order: 'order',
  Post: 'post',
  TaskClaim: 'task-claim',
  Exchange: 'exchange',
  CodeUse: 'code-use',
} as const
export type RefType = (typeof RefType)[keyof typeof RefType]

/**
 * How the reason of a row without a ref begins: an operator's credit (wallet:credit) or the demo
 * seed's. Anything else that moves diamonds points at what it paid for or was paid by;
 * wallet:audit reports any other row without a ref.
 */
export const UnreferencedReason = { Operator: 'admin: ', Demo: 'demo: ' } as const

export async function balanceOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId))
  return row?.balance ?? null
}

/**
 * Takes `amount` only while the balance covers it, in one statement: concurrent debits wait
 * on the row lock and re-check the condition, so none can overdraw. Null: not enough.
 */
export async function debitIfEnough(db: Db, userId: number, amount: number): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ balance: sql`${users.balance} - ${amount}` })
    .where(and(eq(users.id, userId), gte(users.balance, amount)))
    .returning({ balance: users.balance })
  return row?.balance ?? null
}

/** Null: no such user. */
export async function creditBalance(db: Db, userId: number, amount: number): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ balance: sql`${users.balance} + ${amount}` })
    .where(eq(users.id, userId))
    .returning({ balance: users.balance })
  return row?.balance ?? null
}

/** The only write to wallet_ledger: rows are appended, never changed or removed. */
export async function appendLedger(
  db: Db,
  entry: {
    userId: number
    amount: number
    balanceAfter: number
    reason: string
    refType: RefType | null
    refId: number | null
    at: Date
  },
) {
  await db.insert(walletLedger).values({
    userId: entry.userId,
    amount: entry.amount,
    balanceAfter: entry.balanceAfter,
    reason: entry.reason,
    refType: entry.refType,
    refId: entry.refId,
    createdAt: entry.at,
  })
}

/** True when this call created the purchase; false when the user already had it. */
export async function insertPurchase(db: Db, userId: number, videoId: number, price: number, at: Date) {
  const rows = await db
    .insert(purchases)
    .values({ userId, videoId, price, createdAt: at })
    .onConflictDoNothing({ target: [purchases.userId, purchases.videoId] })
    .returning({ id: purchases.id })
  return rows.length > 0
}

export async function insertCollectionPurchase(db: Db, userId: number, collectionId: number, price: number, at: Date) {
  const rows = await db
    .insert(collectionPurchases)
    .values({ userId, collectionId, price, createdAt: at })
    .onConflictDoNothing({ target: [collectionPurchases.userId, collectionPurchases.collectionId] })
    .returning({ id: collectionPurchases.id })
  return rows.length > 0
}

export async function ownsCollection(db: Db, userId: number, collectionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: collectionPurchases.id })
    .from(collectionPurchases)
    .where(and(eq(collectionPurchases.userId, userId), eq(collectionPurchases.collectionId, collectionId)))
  return rows.length > 0
}

export async function findVideoPrice(db: Db, videoId: number) {
  const [row] = await db
    .select({ id: videos.id, price: videos.price, collectionId: videos.collectionId })
    .from(videos)
    .where(eq(videos.id, videoId))
  return row ?? null
}

export async function findCollectionPrice(db: Db, collectionId: number) {
  const [row] = await db
    .select({ id: collections.id, price: collections.price })
    .from(collections)
    .where(eq(collections.id, collectionId))
  return row ?? null
}

/** A post has no title: the ledger names it by the beginning of its text. */
const POST_TITLE_CHARACTERS = 20

/**
 * A page of the user's ledger, newest first, starting below `beforeId`; each row with the title
 * of what it points at (the video's or the collection's, the order's, a post's first characters),
 * null when that is gone.
 */
export async function listLedger(db: Db, userId: number, beforeId: number | null, limit: number) {
  return db
    .select({
      id: walletLedger.id,
      amount: walletLedger.amount,
      balanceAfter: walletLedger.balanceAfter,
      reason: walletLedger.reason,
      refType: walletLedger.refType,
      refId: walletLedger.refId,
      refTitle: sql<
        string | null
      >`coalesce(${videos.title}, ${collections.name}, ${paymentOrders.title}, left(${posts.content}, ${POST_TITLE_CHARACTERS}))`,
      createdAt: walletLedger.createdAt,
    })
    .from(walletLedger)
    .leftJoin(videos, and(eq(walletLedger.refType, RefType.Video), eq(videos.id, walletLedger.refId)))
    .leftJoin(collections, and(eq(walletLedger.refType, RefType.Collection), eq(collections.id, walletLedger.refId)))
    .leftJoin(
      paymentOrders,
      and(
        eq(walletLedger.refType, RefType.Order),
        eq(paymentOrders.id, walletLedger.refId),
        eq(paymentOrders.userId, walletLedger.userId),
      ),
    )
    .leftJoin(posts, and(eq(walletLedger.refType, RefType.Post), eq(posts.id, walletLedger.refId)))
    .where(and(eq(walletLedger.userId, userId), beforeId === null ? undefined : lt(walletLedger.id, beforeId)))
    .orderBy(desc(walletLedger.id))
    .limit(limit)
}
