import type { Db } from '../../db/client.ts'
import { adClicks } from '../../db/schema/ads.ts'

export async function insertClick(db: Db, click: { adId: number; userId: number; clickedAt: Date }) {
  await db.insert(adClicks).values(click)
}
