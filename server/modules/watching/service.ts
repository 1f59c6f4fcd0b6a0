import type { AppConfig } from '../../../core/contracts/config.ts'
import { PAGE_SIZE } from '../../../core/contracts/media.ts'
import type { LikeResult, MineHistoryPage, MineVideoPage, PlayInfo, PlayLine } from '../../../core/contracts/play.ts'
import { PlayLock } from '../../../core/contracts/play.ts'
import { BUSINESS_MESSAGES, BusinessCode } from '../../../core/protocol/codes.ts'
import { playLock } from '../../../core/vip/entitlement.ts'
import type { VipHolder } from '../../../core/vip/vip.ts'
import type { Db } from '../../db/client.ts'
import { createSecretLoader } from '../../db/server-secrets.ts'
import { AppError } from '../../errors.ts'
import type { CounterStore } from '../../plugins/failure-limit.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import { toCards } from '../catalogue/service.ts'
import { createPlayTokens } from './play-token.ts'
import { createRateLimiter, createSharedRateLimiter } from './rate-limit.ts'
import * as repo from './repo.ts'
import { MineLists, type MineList, type VipColumns } from './repo.ts'

const RELATED_COUNT = 6
/** A video's play count rises once per user in this time, however often the user starts it. */
export const PLAY_COUNT_WINDOW_MS = 24 * 3600_000
/** Key requests per user and minute: a player asks once per stream (and again on a line switch). */
export const KEY_RATE_LIMIT = 60

const notFound = () => new AppError(BusinessCode.NotFound, BUSINESS_MESSAGES[BusinessCode.NotFound])
const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : 0)

/** The user's membership lines in core/vip's shape. */
function vipHolder(row: VipColumns): VipHolder {
  const line = (vipType: number, expire: Date | null) => ({ vipType, vipExpireInt: seconds(expire) })
  return {
    normalVip: line(row.normalVipType, row.normalVipExpire),
    supremeVip: line(row.supremeVipType, row.supremeVipExpire),
    darkVip: line(row.darkVipType, row.darkVipExpire),
  }
}

/** The stream lines of the config: every VID URL, then every MP4 URL, each once, in order. */
function streamLines(config: Pick<AppConfig, 'domain'>): string[] {
  const urls = ['VID', 'MP4'].flatMap((type) =>
    config.domain.filter((entry) => entry.type === type).flatMap((entry) => entry.urls),
  )
  return [...new Set(urls.map((url) => url.replace(/\/+$/, '')))]
}

/** `/hls/<id>/master.m3u8` is served by the streams module; the key URL inside it is `/api/media/key/<id>`. */
const masterPlaylistPath = (videoId: number) => `/hls/${videoId}/master.m3u8`
export const KEY_PATH_PREFIX = '/api/media/key/'
/** A priced video's unencrypted preview (the streams module serves it; no token, no key). */
const previewPlaylistPath = (videoId: number) => `/hls/${videoId}/preview/index.m3u8`

export type KeyAnswer =
  { status: 200; key: Uint8Array } | { status: 403 | 404 | 429; reason: 'token' | 'entitlement' | 'no-key' | 'rate' }

export function createWatchingService(deps: {
  db: Db
  now: () => number
  media: CatalogueService
  appConfig: () => AppConfig | Promise<AppConfig>
  randomBytes?: (size: number) => Uint8Array
  /** Where the key endpoint's per-user counts live: null or absent, this process; else REDIS_URL's Redis. */
  counters?: CounterStore
}) {
  const { db, now } = deps
  const loadSecret = createSecretLoader({
    db,
    name: 'play_token',
    now,
    ...(deps.randomBytes ? { randomBytes: deps.randomBytes } : {}),
  })
  const tokens = createPlayTokens({ secret: loadSecret, now })
  const keyLimiter = deps.counters
    ? createSharedRateLimiter({ name: 'media-key', limit: KEY_RATE_LIMIT, windowMs: 60_000, store: deps.counters })
    : createRateLimiter({ limit: KEY_RATE_LIMIT, windowMs: 60_000, now })
  const keyAccess = repo.createKeyAccess(db)

  /**
   * The stream's lines with a play token of `userId` for `videoId`. The caller has decided the
   * user may play it; the key endpoint decides again on every key request.
   */
  async function tokenLines(userId: number, videoId: number): Promise<PlayLine[]> {
    const [config, token] = await Promise.all([deps.appConfig(), tokens.issue(userId, videoId)])
    const query = `?pt=${encodeURIComponent(token)}`
    return streamLines(config).map((base, i) => ({
      name: `线路${i + 1}`,
      url: `${base}${masterPlaylistPath(videoId)}${query}`,
    }))
  }

  async function play(userId: number, videoId: number): Promise<PlayInfo> {
    const [video, state] = await Promise.all([deps.media.contentInfo(videoId), repo.viewerState(db, userId, videoId)])
    if (!state) throw notFound()
    const lock = playLock(video, { vip: vipHolder(state), bought: state.bought }, Math.floor(now() / 1000))
    const lines = lock === PlayLock.None && state.hasStream ? await tokenLines(userId, videoId) : []
    // Only a price lock previews (a VIP lock links /mine/vip): plain segments, so no play token
    // and never the key — the key endpoint still answers 403 to this user.
    let previewSeconds = 0
    let previewLines: PlayLine[] = []
    if (lock === PlayLock.Price && state.hasStream) {
      const [config, seconds] = await Promise.all([deps.appConfig(), repo.previewSeconds(db, videoId)])
      if (seconds > 0) {
        previewSeconds = seconds
        previewLines = streamLines(config).map((base, i) => ({
          name: `线路${i + 1}`,
          url: `${base}${previewPlaylistPath(videoId)}`,
        }))
      }
    }
    const related = await toCards(db, await repo.related(db, videoId, RELATED_COUNT))
    return {
      video,
      lock,
      lines,
      previewSeconds,
      previewLines,
      balance: state.balance,
      liked: state.liked,
      favourited: state.favourited,
      resumeAt: state.resumeAt ?? 0,
      related,
    }
  }

  /**
   * The 16 key bytes for whoever holds a valid play token of this video and is entitled to it
   * now (a membership may have lapsed, or the token outlived a refund). Otherwise a status.
   */
  async function key(videoId: number, token: string | undefined): Promise<KeyAnswer> {
    const userId = await tokens.verify(token, videoId)
    if (userId === null) return { status: 403, reason: 'token' }
    if (!(await keyLimiter.take(userId))) return { status: 429, reason: 'rate' }
    const access = await keyAccess({ userId, videoId })
    if (!access) return { status: 403, reason: 'entitlement' }
    // A post video is its post's: the author, or a viewer of the published post (free or bought).
    const entitled =
      access.postVideo ??
      playLock(access, { vip: access.holder, bought: access.bought }, Math.floor(now() / 1000)) === PlayLock.None
    if (!entitled) return { status: 403, reason: 'entitlement' }
    if (!access.key) return { status: 404, reason: 'no-key' }
    return { status: 200, key: access.key }
  }

  async function like(userId: number, videoId: number, liked: boolean): Promise<LikeResult> {
    if (!(await repo.videoExists(db, videoId, { catalogue: true }))) throw notFound()
    const likeCount = await db.transaction((tx) => repo.setLike(tx, userId, videoId, liked, new Date(now())))
    return { liked, likeCount }
  }

  async function favourite(userId: number, videoId: number): Promise<null> {
    if (!(await repo.videoExists(db, videoId, { catalogue: true }))) throw notFound()
    await repo.addFavourite(db, userId, videoId, new Date(now()))
    return null
  }

  async function unfavourite(userId: number, videoIds: number[]): Promise<null> {
    await repo.removeFavourites(db, userId, videoIds)
    return null
  }

  /**
   * A report with `started` counts a play unless this user's play of the video counted within
   * PLAY_COUNT_WINDOW_MS; the position is kept for resuming and history.
   */
  async function track(userId: number, input: { id: number; position: number; started: boolean }): Promise<null> {
    if (!(await repo.videoExists(db, input.id))) throw notFound()
    const at = new Date(now())
    const since = new Date(at.getTime() - PLAY_COUNT_WINDOW_MS)
    await db.transaction(async (tx) => {
      const counts = input.started && (await repo.claimPlay(tx, userId, input.id, at, since))
      if (counts) await repo.countPlay(tx, input.id)
      await repo.savePosition(tx, userId, input.id, input.position, at)
    })
    return null
  }

  async function mine(list: MineList, userId: number, cursor: string | undefined): Promise<MineHistoryPage> {
    const after = decodeCursor(list.name, cursor)
    const rows = await repo.listMine(db, list, userId, after, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const cards = await toCards(db, shown)
    const last = shown.at(-1)
    return {
      items: cards.map((card, i) => ({ ...card, at: seconds(shown[i]!.at), position: shown[i]!.position })),
      nextCursor:
        rows.length > PAGE_SIZE && last ? encodeCursor(list.name, { key: last.at.getTime(), id: last.id }) : null,
    }
  }

  return {
    play,
    tokenLines,
    key,
    like,
    favourite,
    unfavourite,
    track,
    bought: async (userId: number, cursor?: string): Promise<MineVideoPage> =>
      withoutPosition(await mine(MineLists.bought, userId, cursor)),
    favourites: async (userId: number, cursor?: string): Promise<MineVideoPage> =>
      withoutPosition(await mine(MineLists.favourites, userId, cursor)),
    history: (userId: number, cursor?: string) => mine(MineLists.history, userId, cursor),
    /** For tests and the streams module: a token as media/play would hand out. */
    issueToken: tokens.issue,
  }
}

function withoutPosition(page: MineHistoryPage): MineVideoPage {
  return { ...page, items: page.items.map(({ position: _position, ...item }) => item) }
}

export type WatchingService = ReturnType<typeof createWatchingService>
