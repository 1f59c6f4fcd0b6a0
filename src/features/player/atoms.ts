import { mediaCollectDetails, mediaPlay } from '../../../core/contracts/calls.ts'
import { atom, type Getter } from 'jotai'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { ApiError, errorMessage } from '../../lib/http.ts'
import { offlineReadsAtom } from '../../lib/offline-reads.ts'
import { queryAtoms, type QueryState } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'
import {
  fetchCollection,
  fetchPlay,
  publicPlayInfo,
  sendFavourite,
  sendLike,
  sendPay,
  sendProgress,
  type CollectionDetails,
  type PurchaseKind,
} from './api.ts'
import type { ProgressReport } from './progress.ts'

/** A video's play state as a screen shows it. */
export interface PlayView {
  info: PlayInfo
  /**
   * True when this is the stored public part of an earlier answer (offline or the network
   * failed): something to read, nothing to play.
   */
  stale: boolean
}

async function readPlay(get: Getter, id: number): Promise<PlayView> {
  const api = get(apiAtom)
  const live: { info?: PlayInfo } = {}
  const result = await get(offlineReadsAtom).read(mediaPlay.name, { id }, async () => {
    live.info = await fetchPlay(api, id)
    return publicPlayInfo(live.info)
  })
  return !result.stale && live.info ? { info: live.info, stale: false } : { info: result.data, stale: true }
}

interface Marks {
  liked?: boolean
  likeCount?: number
  favourited?: boolean
}

function withMarks(view: PlayView, marks: Marks): PlayView {
  if (marks.liked === undefined && marks.favourited === undefined) return view
  return {
    ...view,
    info: {
      ...view.info,
      liked: marks.liked ?? view.info.liked,
      favourited: marks.favourited ?? view.info.favourited,
      video: { ...view.info.video, likeCount: marks.likeCount ?? view.info.video.likeCount },
    },
  }
}

/** How a purchase ended, for the unlock sheet. */
export type UnlockOutcome =
  | { status: 'paid'; balance: number }
  | { status: 'owned'; balance?: number }
  | { status: 'insufficient' }
  | { status: 'failed'; message: string }

/**
 * The atoms of one video's play page: made per visit (a new visit fetches fresh play tokens and
 * resume position), kept for the screen's life. Like and favourite are optimistic: the mark
 * changes at once and goes back if the call fails (the action rejects so the screen can say so).
 */
export function playAtoms(id: number) {
  const query = queryAtoms((get) => readPlay(get, id))
  const marksAtom = atom<Marks>({})
  const busyAtom = atom({ like: false, favourite: false })

  const stateAtom = atom((get): QueryState<PlayView> => {
    const state = get(query.stateAtom)
    return state.status === 'success' ? { ...state, data: withMarks(state.data, get(marksAtom)) } : state
  })

  const loadAtom = atom(null, async (_get, set) => {
    await set(query.loadAtom)
    // The answer is the server's word on the marks; a change made meanwhile is in it or lost with it.
    set(marksAtom, {})
  })

  const toggleLikeAtom = atom(null, async (get, set) => {
    const state = get(stateAtom)
    if (state.status !== 'success' || get(busyAtom).like) return
    const before = { liked: state.data.info.liked, likeCount: state.data.info.video.likeCount }
    const like = !before.liked
    set(busyAtom, (busy) => ({ ...busy, like: true }))
    set(marksAtom, (marks) => ({ ...marks, liked: like, likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)) }))
    try {
      const result = await sendLike(get(apiAtom), id, like)
      set(marksAtom, (marks) => ({ ...marks, liked: result.liked, likeCount: result.likeCount }))
    } catch (error) {
      set(marksAtom, (marks) => ({ ...marks, ...before }))
      throw error
    } finally {
      set(busyAtom, (busy) => ({ ...busy, like: false }))
    }
  })

  const toggleFavouriteAtom = atom(null, async (get, set) => {
    const state = get(stateAtom)
    if (state.status !== 'success' || get(busyAtom).favourite) return
    const before = state.data.info.favourited
    set(busyAtom, (busy) => ({ ...busy, favourite: true }))
    set(marksAtom, (marks) => ({ ...marks, favourited: !before }))
    try {
      await sendFavourite(get(apiAtom), id, !before)
    } catch (error) {
      set(marksAtom, (marks) => ({ ...marks, favourited: before }))
      throw error
    } finally {
      set(busyAtom, (busy) => ({ ...busy, favourite: false }))
    }
  })

  /** media/trackList; a lost report only costs a resume position, so failures are dropped. */
  const reportAtom = atom(null, (get, _set, report: ProgressReport) => {
    sendProgress(get(apiAtom), id, report).catch(() => undefined)
  })

  return {
    stateAtom,
    busyAtom: atom((get) => get(busyAtom)),
    loadAtom,
    toggleLikeAtom,
    toggleFavouriteAtom,
    reportAtom,
  }
}
export type PlayAtoms = ReturnType<typeof playAtoms>

/** Buys a video or a collection once; insufficient balance and an earlier purchase are outcomes, not errors. */
export const unlockAtom = atom(
  null,
  async (get, _set, target: { kind: PurchaseKind; id: number }): Promise<UnlockOutcome> => {
    try {
      const result = await sendPay(get(apiAtom), target.kind, target.id)
      return result.alreadyOwned
        ? { status: 'owned', balance: result.balance }
        : { status: 'paid', balance: result.balance }
    } catch (error) {
      if (error instanceof ApiError && error.code === BusinessCode.InsufficientBalance)
        return { status: 'insufficient' }
      if (error instanceof ApiError && error.code === BusinessCode.AlreadyBought) return { status: 'owned' }
      return { status: 'failed', message: errorMessage(error) }
    }
  },
)

export interface CollectionView {
  details: CollectionDetails
  stale: boolean
  loadingMore: boolean
  moreError: string | null
}

/** One collection's page: its first page of episodes through offline reads, later pages on demand. */
export function collectionAtoms(id: number) {
  const query = queryAtoms(async (get): Promise<CollectionDetails & { stale: boolean }> => {
    const api = get(apiAtom)
    const live: { details?: CollectionDetails } = {}
    const result = await get(offlineReadsAtom).read(mediaCollectDetails.name, { id }, async () => {
      live.details = await fetchCollection(api, id)
      // The unlock state and balance are the user's own: not kept.
      const { access: _access, ...publicPart } = live.details
      return publicPart as CollectionDetails
    })
    return !result.stale && live.details ? { ...live.details, stale: false } : { ...result.data, stale: true }
  })
  const moreAtom = atom<{ items: CollectionDetails['items']; nextCursor: string | null | undefined }>({
    items: [],
    nextCursor: undefined,
  })
  const moreStatusAtom = atom<{ loading: boolean; error: string | null }>({ loading: false, error: null })

  const stateAtom = atom((get): QueryState<CollectionView> => {
    const state = get(query.stateAtom)
    if (state.status !== 'success') return state
    const more = get(moreAtom)
    const status = get(moreStatusAtom)
    const { stale, ...details } = state.data
    return {
      ...state,
      data: {
        details: {
          ...details,
          items: [...details.items, ...more.items],
          nextCursor: more.nextCursor === undefined ? details.nextCursor : more.nextCursor,
        },
        stale,
        loadingMore: status.loading,
        moreError: status.error,
      },
    }
  })

  const loadMoreAtom = atom(null, async (get, set) => {
    const state = get(stateAtom)
    if (state.status !== 'success' || state.data.loadingMore) return
    const cursor = state.data.details.nextCursor
    if (!cursor) return
    set(moreStatusAtom, { loading: true, error: null })
    try {
      const page = await fetchCollection(get(apiAtom), id, cursor)
      set(moreAtom, (more) => ({ items: [...more.items, ...page.items], nextCursor: page.nextCursor }))
      set(moreStatusAtom, { loading: false, error: null })
    } catch (error) {
      set(moreStatusAtom, { loading: false, error: errorMessage(error) })
    }
  })

  const reloadAtom = atom(null, async (_get, set) => {
    await set(query.loadAtom)
  })

  return { stateAtom, loadAtom: reloadAtom, loadMoreAtom }
}
export type CollectionAtoms = ReturnType<typeof collectionAtoms>
