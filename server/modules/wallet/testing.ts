import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { collections, videos } from '../../db/schema/catalogue.ts'
import { walletLedger } from '../../db/schema/wallet.ts'
import type { TestClient } from '../../testing/client.ts'

export interface VideoSpec {
  price?: number
  vip?: number
  collectionId?: number | null
  contentType?: 1 | 2
  title?: string
  publishedAt?: Date
}

/** Videos for the watch-and-pay tests; ids in the order given. */
export async function insertVideos(db: Db, specs: VideoSpec[]): Promise<number[]> {
  if (specs.length === 0) return []
  const rows = await db
    .insert(videos)
    .values(
      specs.map((spec, i) => ({
        contentType: spec.contentType ?? 1,
        title: spec.title ?? `测试视频${i + 1}`,
        price: spec.price ?? 0,
        vip: spec.vip ?? 0,
        collectionId: spec.collectionId ?? null,
        publishedAt: spec.publishedAt ?? new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    )
    .returning({ id: videos.id })
  return rows.map((row) => row.id)
}

export async function insertCollection(db: Db, price: number): Promise<number> {
  const [row] = await db
    .insert(collections)
    .values({ name: '测试合集', price, createdAt: new Date(Date.UTC(2025, 0, 1)) })
    .returning({ id: collections.id })
  return row!.id
}

/** Logs the client in as a new guest; answers the user id. */
export async function loginGuest(client: TestClient, device: string): Promise<number> {
  const answer = await client.call('login/guest', { devID: device, affCode: '' })
  const data = answer.body.data as { id: number; token: string }
  client.token = data.token
  return data.id
}

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId))
  return row!.balance
}

/** The user's ledger: its rows oldest first and the sum of their amounts. */
export async function ledgerOf(db: Db, userId: number) {
  const rows = await db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id)
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${walletLedger.amount}), 0)` })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId))
  return { rows, total: Number(sum!.total) }
}
