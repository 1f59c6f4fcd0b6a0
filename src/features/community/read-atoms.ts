import { atom, type Getter } from 'jotai'
import { startTransition } from 'react'
import type { Creator, PostDetail } from '../../../core/contracts/community.ts'
import { errorMessage } from '../../lib/http.ts'
import { isMissing, readCreator, readPost, type Loaded } from './api.ts'

/** A read as a page shows it; `missing` is the server saying there is no such thing (no retry then). */
export type ReadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; stale: boolean }
  | { status: 'missing' }
  | { status: 'error'; message: string }

/**
 * The state and the load action of one read, made per page visit. A reload keeps the page on
 * screen until it answers (after an unlock, the post stays while it is fetched again), and a
 * failed reload keeps it too.
 */
export function readAtoms<T>(fetch: (get: Getter) => Promise<Loaded<T>>) {
  const stateAtom = atom<ReadState<T>>({ status: 'loading' })
  const busyAtom = atom(false)
  const loadAtom = atom(null, async (get, set) => {
    if (get(busyAtom)) return
    set(busyAtom, true)
    const previous = get(stateAtom)
    if (previous.status !== 'ready') set(stateAtom, { status: 'loading' })
    try {
      const loaded = await fetch(get)
      startTransition(() => set(stateAtom, { status: 'ready', data: loaded.data, stale: loaded.stale }))
    } catch (error) {
      if (previous.status === 'ready') return
      set(stateAtom, isMissing(error) ? { status: 'missing' } : { status: 'error', message: errorMessage(error) })
    } finally {
      set(busyAtom, false)
    }
  })
  return { stateAtom: atom((get) => get(stateAtom)), loadAtom }
}
export type ReadAtoms<T> = ReturnType<typeof readAtoms<T>>

export const postReadAtoms = (id: number, userId: number | null): ReadAtoms<PostDetail> =>
  readAtoms((get) => readPost(get, id, userId))

export const creatorReadAtoms = (id: number, userId: number | null): ReadAtoms<Creator> =>
  readAtoms((get) => readCreator(get, id, userId))
