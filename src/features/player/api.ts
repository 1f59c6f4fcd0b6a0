import {
  collectDelete,
  collectOperate,
  mediaCollectDetails,
  mediaCollectPay,
  mediaLike,
  mediaPay,
  mediaPlay,
  mediaTrackList,
} from '../../../core/contracts/calls.ts'
import type { CollectionAccess, CollectionPage } from '../../../core/contracts/media.ts'
import type { LikeResult, PayResult, PlayInfo } from '../../../core/contracts/play.ts'
import type { Api } from '../../lib/http.ts'
import type { ProgressReport } from './progress.ts'

/**
 * What of a PlayInfo may be kept for offline reading: the public catalogue part. Play tokens
 * (in the line URLs), the balance and the user's own marks stay out of storage.
 */
export function publicPlayInfo(info: PlayInfo): PlayInfo {
  return { ...info, lines: [], previewLines: [], balance: 0, liked: false, favourited: false, resumeAt: 0 }
}

export function fetchPlay(api: Api, id: number): Promise<PlayInfo> {
  return api.call(mediaPlay, { id })
}

export function sendLike(api: Api, id: number, like: boolean): Promise<LikeResult> {
  return api.call(mediaLike, { id, like })
}

export async function sendFavourite(api: Api, id: number, favourite: boolean): Promise<void> {
  if (favourite) await api.call(collectOperate, { id })
  else await api.call(collectDelete, { ids: [id] })
}

/** What is bought: one video (media/pay) or a whole collection (media/collect/pay). */
export type PurchaseKind = 'video' | 'collection'

export function sendPay(api: Api, kind: PurchaseKind, id: number): Promise<PayResult> {
  return api.call(kind === 'video' ? mediaPay : mediaCollectPay, { id })
}

export function sendProgress(api: Api, id: number, report: ProgressReport): Promise<unknown> {
  return api.call(mediaTrackList, { id, position: report.position, started: report.started })
}

/** media/collect/details; `access` is the user's own, so an offline copy comes without it. */
export type CollectionDetails = Omit<CollectionPage, 'access'> & { access?: CollectionAccess }

export function fetchCollection(api: Api, id: number, cursor?: string): Promise<CollectionDetails> {
  return api.call(mediaCollectDetails, cursor === undefined ? { id } : { id, cursor })
}
