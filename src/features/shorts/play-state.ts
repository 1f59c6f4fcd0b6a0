import { collectDelete, collectOperate, mediaLike, mediaPlay, mediaTrackList } from '../../../core/contracts/calls.ts'
import { atom, type Atom } from 'jotai'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-watch.ts'
import { isConnectivityError } from '../../lib/offline-reads.ts'
import { apiAtom } from '../../lib/store.ts'
import { showToastAtom } from '../../ui/toast.tsx'

/**
 * The feed's per-video state: media/play answers (cached, as each slide near the screen needs
 * one), and the user's like and favourite, changed in place optimistically.
 */

/** Play tokens are short-lived: an answer older than this is asked for again before it plays. */
const PLAY_INFO_TTL_MS = 4 * 60_000
/** Answers kept; the feed only needs the few slides around the one on screen. */
const MAX_ENTRIES = 40

export interface PlayEntry {
  status: 'loading' | 'ready' | 'error'
  info: PlayInfo | null
  error: string | null
  /** When the answer arrived (ms); 0 while loading. */
  fetchedAt: number
}

const entriesAtom = atom<ReadonlyMap<number, PlayEntry>>(new Map())

const entryAtoms = new Map<number, Atom<PlayEntry | null>>()
/** The media/play state of one video; null before it is asked for. */
export function playEntryAtomFor(id: number): Atom<PlayEntry | null> {
  let found = entryAtoms.get(id)
  if (!found) {
    found = atom((get) => get(entriesAtom).get(id) ?? null)
    entryAtoms.set(id, found)
  }
  return found
}

function withEntry(map: ReadonlyMap<number, PlayEntry>, id: number, entry: PlayEntry): Map<number, PlayEntry> {
  const next = new Map(map)
  next.delete(id)
  next.set(id, entry)
  while (next.size > MAX_ENTRIES) next.delete(next.keys().next().value!)
  return next
}

/** Asks media/play for `id` unless an answer younger than the TTL is there or one is on its way. */
export const loadPlayInfoAtom = atom(null, async (get, set, { id, now }: { id: number; now: number }) => {
  const existing = get(entriesAtom).get(id)
  if (existing?.status === 'loading') return
  if (existing?.status === 'ready' && now - existing.fetchedAt < PLAY_INFO_TTL_MS) return
  set(
    entriesAtom,
    withEntry(get(entriesAtom), id, { status: 'loading', info: existing?.info ?? null, error: null, fetchedAt: 0 }),
  )
  try {
    const info = await get(apiAtom).call(mediaPlay, { id })
    set(entriesAtom, withEntry(get(entriesAtom), id, { status: 'ready', info, error: null, fetchedAt: now }))
    set(seedReactionAtom, { id, info })
  } catch (error) {
    set(
      entriesAtom,
      withEntry(get(entriesAtom), id, {
        status: 'error',
        info: null,
        error: isConnectivityError(error) ? t.shorts.needsNetwork : errorMessage(error),
        fetchedAt: 0,
      }),
    )
  }
})

export interface Reaction {
  liked: boolean
  likeCount: number
  favourited: boolean
}

interface ReactionState {
  shown: Reaction
  /** What the server last confirmed: a failed change goes back to it. */
  confirmed: Reaction
  /** Bumped by each change, so only the latest request's answer (or failure) applies. */
  likeSeq: number
  favouriteSeq: number
}

const reactionsAtom = atom<ReadonlyMap<number, ReactionState>>(new Map())

const reactionAtoms = new Map<number, Atom<Reaction | null>>()
/** Like and favourite as shown; null until media/play told us the user's state. */
export function reactionAtomFor(id: number): Atom<Reaction | null> {
  let found = reactionAtoms.get(id)
  if (!found) {
    found = atom((get) => get(reactionsAtom).get(id)?.shown ?? null)
    reactionAtoms.set(id, found)
  }
  return found
}

const seedReactionAtom = atom(null, (get, set, { id, info }: { id: number; info: PlayInfo }) => {
  const current = get(reactionsAtom).get(id)
  // A change under way wins over a refreshed answer.
  if (current && !sameReaction(current.shown, current.confirmed)) return
  const reaction = { liked: info.liked, likeCount: info.video.likeCount, favourited: info.favourited }
  const next = new Map(get(reactionsAtom))
  next.set(id, {
    shown: reaction,
    confirmed: reaction,
    likeSeq: current?.likeSeq ?? 0,
    favouriteSeq: current?.favouriteSeq ?? 0,
  })
  set(reactionsAtom, next)
})

function sameReaction(a: Reaction, b: Reaction): boolean {
  return a.liked === b.liked && a.likeCount === b.likeCount && a.favourited === b.favourited
}

function update(map: ReadonlyMap<number, ReactionState>, id: number, patch: Partial<ReactionState>) {
  const next = new Map(map)
  next.set(id, { ...map.get(id)!, ...patch })
  return next
}

/** Likes or unlikes at once; the server's count replaces ours, a failure puts the last confirmed state back. */
export const toggleLikeAtom = atom(null, async (get, set, id: number) => {
  const state = get(reactionsAtom).get(id)
  if (!state) return
  const like = !state.shown.liked
  const seq = state.likeSeq + 1
  const shown = { ...state.shown, liked: like, likeCount: Math.max(0, state.shown.likeCount + (like ? 1 : -1)) }
  set(reactionsAtom, update(get(reactionsAtom), id, { shown, likeSeq: seq }))
  try {
    const result = await get(apiAtom).call(mediaLike, { id, like })
    const now = get(reactionsAtom).get(id)!
    const confirmed = { ...now.confirmed, liked: result.liked, likeCount: result.likeCount }
    set(
      reactionsAtom,
      update(get(reactionsAtom), id, {
        confirmed,
        ...(now.likeSeq === seq ? { shown: { ...now.shown, liked: result.liked, likeCount: result.likeCount } } : {}),
      }),
    )
  } catch (error) {
    const now = get(reactionsAtom).get(id)!
    if (now.likeSeq !== seq) return
    const back = { ...now.shown, liked: now.confirmed.liked, likeCount: now.confirmed.likeCount }
    set(reactionsAtom, update(get(reactionsAtom), id, { shown: back }))
    set(showToastAtom, errorMessage(error))
  }
})

/** Adds or removes the favourite at once (collect/operate, collect/delete); a failure puts it back. */
export const toggleFavouriteAtom = atom(null, async (get, set, id: number) => {
  const state = get(reactionsAtom).get(id)
  if (!state) return
  const favourite = !state.shown.favourited
  const seq = state.favouriteSeq + 1
  set(
    reactionsAtom,
    update(get(reactionsAtom), id, { shown: { ...state.shown, favourited: favourite }, favouriteSeq: seq }),
  )
  try {
    const api = get(apiAtom)
    if (favourite) await api.call(collectOperate, { id })
    else await api.call(collectDelete, { ids: [id] })
    const now = get(reactionsAtom).get(id)!
    set(reactionsAtom, update(get(reactionsAtom), id, { confirmed: { ...now.confirmed, favourited: favourite } }))
  } catch (error) {
    const now = get(reactionsAtom).get(id)!
    if (now.favouriteSeq !== seq) return
    set(
      reactionsAtom,
      update(get(reactionsAtom), id, { shown: { ...now.shown, favourited: now.confirmed.favourited } }),
    )
    set(showToastAtom, errorMessage(error))
  }
})

/** media/trackList: a play the first time a video starts in a viewing, then where the user got to. Best effort. */
export const reportTrackAtom = atom(
  null,
  async (get, _set, body: { id: number; position: number; started: boolean }) => {
    try {
      await get(apiAtom).call(mediaTrackList, { ...body, position: Math.max(0, Math.floor(body.position)) })
    } catch {
      // Losing a position report costs the user a resume point, nothing more.
    }
  },
)
