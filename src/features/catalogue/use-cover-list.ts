import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect } from 'react'
import { imageUrl, type ImageDomains } from '../../../core/contracts/domain.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { useLoadWhenBackOnline } from '../../lib/use-back-online.ts'
import type { PagedList } from './paged-list.ts'
import { usePrefetchNext } from './use-prefetch-next.ts'

/**
 * A paged list of things with covers as a screen shows it: the first page loaded on mount, the
 * next page's data and covers prefetched on idle, a list shown from storage reloaded once the
 * app is back online, and a first page that failed offline loaded then.
 */
export function useCoverList<T extends { cover: string }, R extends Page<T>>(
  list: PagedList<T, R>,
  config: ImageDomains | null,
) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const reload = useSetAtom(list.reloadAtom)
  useEffect(() => {
    void loadFirst()
  }, [loadFirst])
  const coversOf = useCallback((items: readonly T[]) => items.map((item) => imageUrl(config, item.cover)), [config])
  usePrefetchNext(list, coversOf)
  useLoadWhenBackOnline(state.stale, reload)
  useLoadWhenBackOnline(state.status === 'error', loadFirst)
  return { state, loadFirst, loadMore }
}
