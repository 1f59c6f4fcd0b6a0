import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { isOfflineAtom } from '../../lib/online-status.ts'
import type { PagedList } from './paged-list.ts'

/**
 * A list showing stored pages (`stale`, read offline) loads its first page again once the app is
 * back online; the stored items stay on screen until the fresh ones arrive.
 */
export function useReloadWhenOnline<T>(list: Pick<PagedList<T>, 'stateAtom' | 'reloadAtom'>): void {
  const offline = useAtomValue(isOfflineAtom)
  const { stale, status } = useAtomValue(list.stateAtom)
  const reload = useSetAtom(list.reloadAtom)
  useEffect(() => {
    if (!offline && stale && status === 'ready') void reload()
  }, [offline, stale, status, reload])
}
