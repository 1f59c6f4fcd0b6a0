import { sql } from 'drizzle-orm'
import type { AppConfig } from '../../core/contracts/config.ts'
import type { Db } from './client.ts'
import { announcements, appConfig } from './schema/content.ts'

/** ping/config as stored: what the server adds at answer time (announcement, encryption) is left out. */
export type StoredAppConfig = Omit<AppConfig, 'announcement' | 'encryption'>

/** Every domain entry points at this server ("/" resolves against PUBLIC_URL when served). */
export const DEFAULT_APP_CONFIG: StoredAppConfig = {
  communityCategory: [],
  floatingWindow: null,
  domain: (['API', 'IMAGE', 'MP4', 'VID', 'LAND', 'H5SHAREURL'] as const).map((type) => ({ type, urls: ['/'] })),
  adsType: [],
  statConfigApp: { list: [], nineList: [] },
  advertise: [],
  version: '1.0.0',
}

/** Demo data for a fresh database; a database that already has it is left as it is. */
export async function seedDemoData(db: Db, now: Date) {
  await db.transaction(async (tx) => {
    await tx.insert(appConfig).values({ key: 'app', value: DEFAULT_APP_CONFIG, updatedAt: now }).onConflictDoNothing()
    const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(announcements)
    if ((existing[0]?.n ?? 0) === 0) {
      await tx.insert(announcements).values({
        title: '欢迎来到 Marquee',
        content: '这是一个演示站点：内容为示例数据。如有问题，请通过“我的 → 在线客服”联系我们。',
        publishedAt: now,
      })
    }
  })
}
