import type { Announcement, AppConfig } from '../../../core/contracts/config.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { DEFAULT_APP_CONFIG, type StoredAppConfig } from '../../db/seed.ts'
import * as repo from './repo.ts'

export interface PingDeps {
  db: Db
  config: Pick<Config, 'publicUrl' | 'encryptHttp' | 'encryptRequest'>
  now: () => number
}

/** Relative domain URLs ("/", "/media") point at this server: resolved against PUBLIC_URL. */
export function resolveDomainUrl(url: string, publicUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url
  return new URL(url, `${publicUrl}/`).href.replace(/\/$/, '')
}

export function createPingService(deps: PingDeps) {
  const { db, config } = deps

  async function announcement(): Promise<Announcement | null> {
    const row = await repo.latestAnnouncement(db, new Date(deps.now()))
    if (!row) return null
    return {
      id: row.id,
      title: row.title,
      content: row.content,
      publishedAt: Math.floor(row.publishedAt.getTime() / 1000),
    }
  }

  return {
    announcement,

    /** The stored document over the defaults, plus what the server decides at answer time. */
    async appConfig(): Promise<AppConfig> {
      const stored = ((await repo.loadConfigValue(db, 'app')) ?? {}) as Partial<StoredAppConfig>
      const merged: StoredAppConfig = { ...DEFAULT_APP_CONFIG, ...stored }
      return {
        ...merged,
        domain: merged.domain.map((entry) => ({
          type: entry.type,
          urls: entry.urls.map((url) => resolveDomainUrl(url, config.publicUrl)),
        })),
        announcement: await announcement(),
        encryption: { request: config.encryptRequest, http: config.encryptHttp, m3u8: false },
      }
    },
  }
}

export type PingService = ReturnType<typeof createPingService>
