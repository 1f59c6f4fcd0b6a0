import { atom, type Getter } from 'jotai'
import { startTransition } from 'react'
import { errorMessage } from './http.ts'

/** A server read as a feature's query atom holds it. */
export type QueryState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T; refreshing?: boolean }
  | { status: 'error'; message: string }

/**
 * The read-only state and the actions of one server read: load (again), and start, which loads
 * only if nothing has yet — for the component that shows the read, and for a page that starts it
 * a render earlier. A refresh keeps the data on screen until it answers, and a failed refresh
 * keeps it too; only a first load shows the error.
 */
export function queryAtoms<T>(fetch: (get: Getter) => Promise<T>) {
  const stateAtom = atom<QueryState<T>>({ status: 'idle' })
  const loadAtom = atom(null, async (get, set) => {
    const previous = get(stateAtom)
    if (previous.status === 'loading') return
    set(stateAtom, previous.status === 'success' ? { ...previous, refreshing: true } : { status: 'loading' })
    try {
      const data = await fetch(get)
      // An answer renders as a transition: React builds a long list in short slices instead of
      // one long task, so the page keeps answering taps meanwhile.
      startTransition(() => set(stateAtom, { status: 'success', data }))
    } catch (error) {
      if (previous.status === 'success') set(stateAtom, { ...previous, refreshing: false })
      else set(stateAtom, { status: 'error', message: errorMessage(error) })
    }
  })
  const startAtom = atom(null, (get, set) => {
    if (get(stateAtom).status === 'idle') return set(loadAtom)
  })
  return { stateAtom: atom((get) => get(stateAtom)), loadAtom, startAtom }
}
