import { eq, sql } from 'drizzle-orm'
import type { AppConfig } from '../../core/contracts/config.ts'
import type { Db } from './client.ts'
import { IMAGE_PATH } from '../modules/images/kinds.ts'
import { announcements, appConfig } from './schema/content.ts'

/** ping/config as stored: what the server adds at answer time (announcement, encryption) is left out. */
export type StoredAppConfig = Omit<AppConfig, 'announcement' | 'encryption'>

/**
 * Every domain entry points at this server (relative URLs resolve against PUBLIC_URL when
 * served); IMAGE at its image path, so the worker's image route takes only images.
 */
export const DEFAULT_APP_CONFIG: StoredAppConfig = {
  communityCategory: [],
  floatingWindow: null,
  domain: (['API', 'IMAGE', 'MP4', 'VID', 'LAND', 'H5SHAREURL'] as const).map((type) => ({
    type,
    urls: [type === 'IMAGE' ? IMAGE_PATH : '/'],
  })),
  adsType: [],
  statConfigApp: { list: [], nineList: [] },
  advertise: [],
  version: '1.0.0',
}

/** Demo data for a fresh database; a database that already has it is left as it is. */
export async function seedDemoData(db: Db, now: Date) {
  await db.transaction(async (tx) => {
    await tx.insert(appConfig).values({ key: 'app', value: DEFAULT_APP_CONFIG, updatedAt: now }).onConflictDoNothing()
    await moveImageDomainOffRoot(tx, now)
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

/**
 * Databases seeded before images had their own path hold IMAGE = ["/"], which would make the
 * worker treat every request to this server as an image; that old default (only) moves to
 * the image path. A configured IMAGE domain is left alone.
 */
async function moveImageDomainOffRoot(db: Db, now: Date) {
  const rows = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, 'app')).limit(1)
  const stored = rows[0]?.value as Partial<StoredAppConfig> | undefined
  if (!stored?.domain) return
  let changed = false
  const domain = stored.domain.map((entry) => {
    if (entry.type !== 'IMAGE' || entry.urls.length !== 1 || entry.urls[0] !== '/') return entry
    changed = true
    return { ...entry, urls: [IMAGE_PATH] }
  })
  if (changed) {
    await db
      .update(appConfig)
      .set({ value: { ...stored, domain }, updatedAt: now })
      .where(eq(appConfig.key, 'app'))
  }
}
