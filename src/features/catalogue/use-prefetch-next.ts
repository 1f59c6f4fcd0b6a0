import { useAtomValue, useStore } from 'jotai'
import { useEffect, useRef } from 'react'
import type { Page } from '../../../core/contracts/media.ts'
import {
  postPrefetchImages,
  prefetchPlan,
  readPrefetchEnvironment,
  whenIdle,
  type PrefetchEnvironment,
} from '../../lib/prefetch.ts'
import type { PagedList } from './paged-list.ts'

export interface PrefetchDeps {
  environment(): Promise<PrefetchEnvironment>
  controller(): Pick<ServiceWorker, 'postMessage'> | null
  whenIdle(task: () => void): () => void
}

const browserDeps: PrefetchDeps = {
  environment: () => readPrefetchEnvironment(),
  controller: () => (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) || null,
  whenIdle: (task) => whenIdle(task),
}

/**
 * Background prefetch (README.md beside this file): each time a page of the list has shown, when the
 * browser is idle, fetch the next page's data into the list (kept for offline too) and ask the
 * controlling worker to fetch its images into the prefetch cache — unless prefetchPlan says no
 * (Save-Data, 2g, storage nearly full). Hidden (kept-alive) pages pause their effects, so only
 * the list on screen prefetches.
 */
export function usePrefetchNext<T, R extends Page<T>>(
  list: PagedList<T, R>,
  imageUrlsOf: (items: readonly T[]) => string[],
  deps: PrefetchDeps = browserDeps,
): void {
  const store = useStore()
  const state = useAtomValue(list.stateAtom)
  const urlsOf = useRef(imageUrlsOf)
  useEffect(() => {
    urlsOf.current = imageUrlsOf
  }, [imageUrlsOf])

  const ready = state.status === 'ready' && state.hasMore && !state.loadingMore
  const count = state.items.length
  useEffect(() => {
    if (!ready) return
    let cancelled = false
    const cancelIdle = deps.whenIdle(() => {
      void deps.environment().then(async (environment) => {
        const plan = prefetchPlan(environment)
        if (cancelled || !plan.data) return
        const items = await store.set(list.prefetchNextAtom)
        if (cancelled || !items || !plan.images) return
        postPrefetchImages(urlsOf.current(items), deps.controller())
      })
    })
    return () => {
      cancelled = true
      cancelIdle()
    }
  }, [ready, count, list, store, deps])
}
