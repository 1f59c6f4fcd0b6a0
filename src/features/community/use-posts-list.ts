import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { useLoadWhenBackOnline } from '../../lib/use-back-online.ts'
import type { PostsList } from './api.ts'

/**
 * A paged list as a screen shows it: the first page loaded on mount, a list shown from storage
 * reloaded once the app is back online, a first page that failed offline loaded then. With
 * `fresh`, a list kept from an earlier visit is asked again (its rows stay until the answer).
 */
export function usePostsList<T>(list: PostsList<T>, { fresh = false }: { fresh?: boolean } = {}) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const reload = useSetAtom(list.reloadAtom)
  const [initialStatus] = useState(state.status)
  useEffect(() => {
    if (fresh && initialStatus === 'ready') void reload()
    else void loadFirst()
  }, [fresh, initialStatus, loadFirst, reload])
  useLoadWhenBackOnline(state.stale, reload)
  useLoadWhenBackOnline(state.status === 'error', loadFirst)
  return { state, loadFirst, loadMore, reload }
}
