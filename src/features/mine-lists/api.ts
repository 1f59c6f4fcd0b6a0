import { atom, type Getter } from 'jotai'
import { collectDelete, collectList, mediaBought, mediaHistory } from '../../../core/contracts/calls.ts'
import type { Page, VideoCard } from '../../../core/contracts/media.ts'
import { offlineReadsAtom, type ReadResult } from '../../lib/offline-reads.ts'
import { apiAtom } from '../../lib/store.ts'

/** Mine's three lists and their calls. */
export const MineListKind = { Bought: 'bought', Collect: 'collect', History: 'history' } as const
export type MineListKind = (typeof MineListKind)[keyof typeof MineListKind]

const CALLS = { bought: mediaBought, collect: collectList, history: mediaHistory } as const

/** A row: the video and when (Unix seconds); history rows may carry where the user got to (seconds). */
export type MineItem = VideoCard & { at: number; position?: number }
export type MinePage = Page<MineItem>

export interface MineListSource {
  /** Identity of the list: the call and the user, so one account never shows another's list. */
  key: string
  /** One page through the offline reads (offline: the stored page, marked stale). */
  fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<MinePage>>
}

/**
 * Where one of Mine's lists comes from. The stored answers are keyed by the user id as well as
 * the call, so after a logout or on another account the stored pages of the first never show.
 */
export function mineListSource(kind: MineListKind, userId: number | null): MineListSource {
  const call = CALLS[kind]
  const user = userId ?? 0
  return {
    key: `mine:${call.name}:${user}`,
    fetchPage(get, cursor) {
      const body = cursor === undefined ? {} : { cursor }
      return get(offlineReadsAtom).read(call.name, { ...body, user }, () => get(apiAtom).call(call, body))
    },
  }
}

/** collect/delete: removes favourites (idempotent on the server). */
export const removeFavouritesAtom = atom(null, async (get, _set, ids: readonly number[]) => {
  await get(apiAtom).call(collectDelete, { ids: [...ids] })
})

/** `看到 05:03`'s time: mm:ss, h:mm:ss from an hour. */
export function formatPosition(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const h = Math.floor(total / 3600)
  const m = String(Math.floor((total % 3600) / 60)).padStart(2, '0')
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${m}:${s}` : `${m}:${s}`
}
