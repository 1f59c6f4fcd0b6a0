import { desc, eq, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { announcements, appConfig } from '../../db/schema/ping.ts'

export async function loadConfigValue(db: Db, key: string): Promise<unknown> {
  const rows = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key)).limit(1)
  return rows[0]?.value ?? null
}

export async function latestAnnouncement(db: Db, now: Date) {
  const rows = await db
    .select()
    .from(announcements)
    .where(lte(announcements.publishedAt, now))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(1)
  return rows[0] ?? null
}
