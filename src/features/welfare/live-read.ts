import { atom, type Getter } from 'jotai'
import { errorMessage } from '../../lib/http.ts'

/** A welfare read as the screens hold it, with the user it is of. */
export type LiveState<T> =
  | { status: 'idle' }
  | { status: 'loading'; owner: number }
  | { status: 'success'; owner: number; data: T; refreshing: boolean }
  | { status: 'error'; owner: number; message: string }

/**
 * A read that the screen changes in place after an action (a claim, an exchange), then asks
 * again. Only the newest read answers: a change in place drops what reads started before it
 * would say (they were asked before the action). A refresh keeps the data on screen, and a
 * failed refresh keeps it too; only a first load shows the error. `owner` is the user the read
 * is for, so another account's data never shows after a login or logout.
 */
export function liveRead<T>(fetch: (get: Getter) => Promise<T>) {
  const stateAtom = atom<LiveState<T>>({ status: 'idle' })
  const latestAtom = atom(0)
  const loadAtom = atom(null, async (get, set, owner: number) => {
    const id = get(latestAtom) + 1
    set(latestAtom, id)
    const previous = get(stateAtom)
    set(
      stateAtom,
      previous.status === 'success' && previous.owner === owner
        ? { ...previous, refreshing: true }
        : { status: 'loading', owner },
    )
    try {
      const data = await fetch(get)
      if (get(latestAtom) === id) set(stateAtom, { status: 'success', owner, data, refreshing: false })
    } catch (error) {
      if (get(latestAtom) !== id) return
      const now = get(stateAtom)
      set(
        stateAtom,
        now.status === 'success'
          ? { ...now, refreshing: false }
          : { status: 'error', owner, message: errorMessage(error) },
      )
    }
  })
  const updateAtom = atom(null, (get, set, change: (data: T) => T) => {
    set(latestAtom, get(latestAtom) + 1)
    const now = get(stateAtom)
    if (now.status === 'success') set(stateAtom, { ...now, data: change(now.data), refreshing: false })
  })
  return { stateAtom: atom((get) => get(stateAtom)), loadAtom, updateAtom }
}

/** The data of a state when it is this user's, else undefined. */
export function dataOf<T>(state: LiveState<T>, owner: number): T | undefined {
  return state.status === 'success' && state.owner === owner ? state.data : undefined
}
