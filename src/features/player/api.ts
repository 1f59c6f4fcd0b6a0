import type { CollectionAccess, CollectionPage, VideoCard } from '../../../core/contracts/media.ts'
import type { LikeResult, PayResult, PlayInfo, PlayLine } from '../../../core/contracts/play.ts'
import { ApiError, ApiErrorKind, type Api } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import type { ProgressReport } from './progress.ts'

/**
 * The player's calls (core/contracts/play.ts). Answers are checked by hand for what the screens
 * rely on; a wrong shape is a bad response, never a crash later in a render.
 */

function badResponse(): never {
  throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

function isLine(value: unknown): value is PlayLine {
  return isObject(value) && typeof value.name === 'string' && typeof value.url === 'string' && value.url !== ''
}

function isVideo(value: unknown): value is VideoCard {
  return isObject(value) && isNumber(value.id) && typeof value.title === 'string' && typeof value.cover === 'string'
}

function checkPlayInfo(data: unknown): PlayInfo {
  if (
    !isObject(data) ||
    !isVideo(data.video) ||
    !['none', 'vip', 'price'].includes(data.lock as string) ||
    !Array.isArray(data.lines) ||
    !data.lines.every(isLine) ||
    !isNumber(data.balance) ||
    !Array.isArray(data.related)
  ) {
    badResponse()
  }
  const info = data as unknown as PlayInfo
  return {
    ...info,
    previewSeconds: isNumber(info.previewSeconds) ? info.previewSeconds : 0,
    previewLines: Array.isArray(info.previewLines) ? info.previewLines.filter(isLine) : [],
    resumeAt: isNumber(info.resumeAt) && info.resumeAt > 0 ? info.resumeAt : 0,
    liked: info.liked === true,
    favourited: info.favourited === true,
    related: info.related.filter(isVideo),
    video: {
      ...info.video,
      tags: Array.isArray(info.video.tags) ? info.video.tags : [],
      description: typeof info.video.description === 'string' ? info.video.description : '',
    },
  }
}

/**
 * What of a PlayInfo may be kept for offline reading: the public catalogue part. Play tokens
 * (in the line URLs), the balance and the user's own marks stay out of storage.
 */
export function publicPlayInfo(info: PlayInfo): PlayInfo {
  return { ...info, lines: [], previewLines: [], balance: 0, liked: false, favourited: false, resumeAt: 0 }
}

export async function fetchPlay(api: Api, id: number): Promise<PlayInfo> {
  return checkPlayInfo(await api.post<unknown>('media/play', { id }))
}

export async function sendLike(api: Api, id: number, like: boolean): Promise<LikeResult> {
  const data = await api.post<unknown>('media/like', { id, like })
  if (!isObject(data) || typeof data.liked !== 'boolean' || !isNumber(data.likeCount)) badResponse()
  return { liked: data.liked, likeCount: data.likeCount }
}

export async function sendFavourite(api: Api, id: number, favourite: boolean): Promise<void> {
  if (favourite) await api.post<unknown>('collect/operate', { id })
  else await api.post<unknown>('collect/delete', { ids: [id] })
}

/** What is bought: one video (media/pay) or a whole collection (media/collect/pay). */
export type PurchaseKind = 'video' | 'collection'

export async function sendPay(api: Api, kind: PurchaseKind, id: number): Promise<PayResult> {
  const data = await api.post<unknown>(kind === 'video' ? 'media/pay' : 'media/collect/pay', { id })
  if (!isObject(data) || !isNumber(data.balance)) badResponse()
  return { alreadyOwned: data.alreadyOwned === true, balance: data.balance }
}

export function sendProgress(api: Api, id: number, report: ProgressReport): Promise<unknown> {
  return api.post<unknown>('media/trackList', { id, position: report.position, started: report.started })
}

/** media/collect/details; `access` is the user's own, so an offline copy comes without it. */
export type CollectionDetails = Omit<CollectionPage, 'access'> & { access?: CollectionAccess }

export async function fetchCollection(api: Api, id: number, cursor?: string): Promise<CollectionDetails> {
  const data = await api.post<unknown>('media/collect/details', cursor === undefined ? { id } : { id, cursor })
  if (
    !isObject(data) ||
    !isObject(data.collection) ||
    !isNumber(data.collection.id) ||
    !Array.isArray(data.items) ||
    !(data.nextCursor === null || typeof data.nextCursor === 'string')
  ) {
    badResponse()
  }
  const page = data as unknown as CollectionDetails
  const access =
    isObject(page.access) && typeof page.access.owned === 'boolean' && isNumber(page.access.balance)
      ? page.access
      : undefined
  const { access: _ignored, ...rest } = page
  return { ...rest, items: page.items.filter(isVideo), ...(access ? { access } : {}) }
}
