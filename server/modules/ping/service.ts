import * as v from 'valibot'
import {
  AdvertiseSchema,
  DomainEntrySchema,
  FloatingWindowSchema,
  IconAdSchema,
  type Announcement,
  type AppConfig,
} from '../../../core/contracts/config.ts'
import { apiLines } from '../../../core/contracts/domain.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { DEFAULT_APP_CONFIG, type StoredAppConfig } from '../../db/seed.ts'
import { cached } from '../../cached.ts'
import * as repo from './repo.ts'

export interface PingDeps {
  db: Db
  config: Pick<Config, 'publicUrl' | 'encryptHttp' | 'encryptRequest' | 'encryptM3u8'>
  now: () => number
}

/** Relative domain URLs ("/", "/media") point at this server: resolved against PUBLIC_URL. */
export function resolveDomainUrl(url: string, publicUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url
  return new URL(url, `${publicUrl}/`).href.replace(/\/$/, '')
}

const LOOPBACK_NAMES: Record<string, string> = { '127.0.0.1': 'localhost', localhost: '127.0.0.1' }

/**
 * A server run on this machine (PUBLIC_URL on 127.0.0.1 or localhost) answers under both names:
 * its API lines are both, so the app's failover can be tried without a second server. Empty for
 * any other PUBLIC_URL. The page's CSP lets it connect to both.
 */
export function loopbackLines(publicUrl: string): string[] {
  const url = new URL(publicUrl)
  const other = LOOPBACK_NAMES[url.hostname]
  if (!other) return []
  const alias = new URL(url)
  alias.hostname = other
  return [url.href, alias.href].map((href) => href.replace(/\/$/, ''))
}

/** The API entries' URLs, with this server's second loopback name after its own URL on a local run. */
function withLoopbackLine(urls: string[], publicUrl: string): string[] {
  const [own, alias] = loopbackLines(publicUrl)
  if (!own || !alias || !urls.includes(own) || urls.includes(alias)) return urls
  return [...urls, alias]
}

/**
 * Every app start reads ping/config and it changes rarely, so each process keeps its answer
 * this long. The database stays the only source: a change shows everywhere within the TTL.
 */
export const CONFIG_CACHE_MS = 10_000

export function createPingService(deps: PingDeps) {
  const { db, config } = deps

  async function loadAnnouncement(): Promise<Announcement | null> {
    const row = await repo.latestAnnouncement(db, new Date(deps.now()))
    if (!row) return null
    return {
      id: row.id,
      title: row.title,
      content: row.content,
      publishedAt: Math.floor(row.publishedAt.getTime() / 1000),
    }
  }

  const announcement = cached(deps.now, CONFIG_CACHE_MS, loadAnnouncement)

  /**
   * The stored document over the defaults, plus what the server decides at answer time. The
   * document is edited by operators: an ad or domain entry outside the contract is left out, so
   * one bad entry cannot make the app refuse the whole config.
   */
  async function loadAppConfig(): Promise<AppConfig> {
    const stored = ((await repo.loadConfigValue(db, 'app')) ?? {}) as Partial<StoredAppConfig>
    const merged: StoredAppConfig = { ...DEFAULT_APP_CONFIG, ...stored }
    const valid = <T>(schema: v.GenericSchema<unknown, T>, items: readonly unknown[]) =>
      items.filter((item): item is T => v.is(schema, item))
    return {
      ...merged,
      advertise: valid(AdvertiseSchema, merged.advertise),
      statConfigApp: {
        list: valid(IconAdSchema, merged.statConfigApp.list),
        nineList: valid(IconAdSchema, merged.statConfigApp.nineList),
      },
      floatingWindow: v.is(FloatingWindowSchema, merged.floatingWindow) ? merged.floatingWindow : null,
      domain: valid(DomainEntrySchema, merged.domain).map((entry) => {
        const urls = entry.urls.map((url) => resolveDomainUrl(url, config.publicUrl))
        return { type: entry.type, urls: entry.type === 'API' ? withLoopbackLine(urls, config.publicUrl) : urls }
      }),
      announcement: await announcement(),
      encryption: { request: config.encryptRequest, http: config.encryptHttp, m3u8: config.encryptM3u8 },
    }
  }

  const appConfig = cached(deps.now, CONFIG_CACHE_MS, loadAppConfig)
  return { announcement, appConfig, apiLines: async () => ({ lines: apiLines(await appConfig()) }) }
}

export type PingService = ReturnType<typeof createPingService>
