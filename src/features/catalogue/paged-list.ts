import { startTransition } from 'react'
import { atom, type Atom, type Getter, type WritableAtom } from 'jotai'
import type * as v from 'valibot'
import { callKey } from '../../../core/contracts/call-key.ts'
import { type Call, type RequestOf, type ResponseOf } from '../../../core/contracts/call.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { errorMessage, isRetryable, type CallArgs } from '../../lib/http.ts'
import { offlineReadsAtom, type ReadResult } from '../../lib/offline-reads.ts'
import { apiAtom } from '../../lib/store.ts'

/** What a list shows. `meta` is the first page's answer without its items (e.g. `{ topic }` of a topic page). */
interface PagedListState<T, M = unknown> {
  /** The first page: idle → loading → ready | error. */
  status: 'idle' | 'loading' | 'ready' | 'error'
  items: readonly T[]
  /** First-page failure (shown instead of the list, with a retry if `retryable`). */
  error: string | null
  /** Whether the first-page failure may go away on asking again (not "内容不存在"). */
  retryable: boolean
  /** More pages exist: the last page loaded had a nextCursor. */
  hasMore: boolean
  loadingMore: boolean
  /** A later page failed (shown inline under the items, with a retry). */
  moreError: string | null
  /** Some of the items are a stored answer from an earlier visit (offline). */
  stale: boolean
  meta: M | null
}

type Fetched<R> = ReadResult<R>

interface InternalState<T, R> {
  view: PagedListState<T, Omit<R, 'items' | 'nextCursor'>>
  nextCursor: string | null
  /** Bumped by a reload, so answers to an older generation are dropped. */
  generation: number
  /** The next page fetched ahead of need (prefetch), waiting for the user to scroll to it. */
  ahead: { cursor: string; page: Fetched<R> } | null
  /** A request for a page under way, shared by prefetch and load-more. */
  pending: { cursor: string; promise: Promise<Fetched<R>> } | null
}

export interface PagedList<T, R extends Page<T> = Page<T>> {
  /** Identity of the list: the call name and its parameters. */
  key: string
  stateAtom: Atom<PagedListState<T, Omit<R, 'items' | 'nextCursor'>>>
  /** Loads the first page when there is none yet (idle) or after a first-page error; otherwise does nothing. */
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  /** Loads the first page again, replacing the items once it answers (pull to refresh, back online). */
  reloadAtom: WritableAtom<null, [], Promise<void>>
  /** Appends the next page (at once when it was prefetched); also the inline retry after a failure. */
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
  /** Fetches the next page ahead of need and keeps it; resolves with its items, or null when there is nothing to fetch. */
  prefetchNextAtom: WritableAtom<null, [], Promise<readonly T[] | null>>
}

/** Fetches one page; `cursor` is undefined for the first. */
export type PageFetcher<R> = (get: Getter, cursor: string | undefined) => Promise<ReadResult<R>>

const initialView = {
  status: 'idle',
  items: [],
  error: null,
  retryable: true,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  stale: false,
  meta: null,
} as const

function metaOf<R extends Page<unknown>>(page: R): Omit<R, 'items' | 'nextCursor'> {
  const { items: _items, nextCursor: _next, ...meta } = page
  return meta
}

/**
 * The state of one keyset-paged list (PAGE_SIZE items a page, `cursor` → `nextCursor`) as
 * jotai atoms: the first page, more pages on demand, a prefetched next page, an end, errors
 * with retry. The atoms are created once per key (`pagedListFor`), so a page that is left and
 * visited again finds its list as it was; each store has its own values.
 */
export function createPagedList<T, R extends Page<T>>(key: string, fetchPage: PageFetcher<R>): PagedList<T, R> {
  const internalAtom = atom<InternalState<T, R>>({
    view: initialView,
    nextCursor: null,
    generation: 0,
    ahead: null,
    pending: null,
  })

  /** One request per cursor, shared between prefetch and load-more. */
  const requestAtom = atom(null, (get, set, cursor: string) => {
    const state = get(internalAtom)
    if (state.pending?.cursor === cursor) return state.pending.promise
    const promise = fetchPage(get, cursor)
    set(internalAtom, { ...state, pending: { cursor, promise } })
    const clear = () => {
      const now = get(internalAtom)
      if (now.pending?.promise === promise) set(internalAtom, { ...now, pending: null })
    }
    promise.then(clear, clear)
    return promise
  })

  const appendAtom = atom(null, (get, set, page: Fetched<R>) => {
    const state = get(internalAtom)
    // Like a first page, more cards render as a transition, so scrolling stays smooth meanwhile.
    startTransition(() =>
      set(internalAtom, {
        ...state,
        nextCursor: page.data.nextCursor,
        ahead: null,
        view: {
          ...state.view,
          items: [...state.view.items, ...page.data.items],
          hasMore: page.data.nextCursor !== null,
          loadingMore: false,
          moreError: null,
          stale: state.view.stale || page.stale,
        },
      }),
    )
  })

  const loadFirst = async (get: Getter, set: (next: InternalState<T, R>) => void, replace: boolean) => {
    const before = get(internalAtom)
    const generation = before.generation + 1
    set({
      ...before,
      generation,
      pending: null,
      ahead: null,
      view: replace && before.view.status === 'ready' ? before.view : { ...initialView, status: 'loading' },
    })
    try {
      const page = await fetchPage(get, undefined)
      if (get(internalAtom).generation !== generation) return
      // A page renders as a transition: React builds the cards in short slices, not one long task.
      startTransition(() =>
        set({
          ...get(internalAtom),
          nextCursor: page.data.nextCursor,
          view: {
            status: 'ready',
            items: page.data.items,
            error: null,
            retryable: true,
            hasMore: page.data.nextCursor !== null,
            loadingMore: false,
            moreError: null,
            stale: page.stale,
            meta: metaOf(page.data),
          },
        }),
      )
    } catch (error) {
      const now = get(internalAtom)
      if (now.generation !== generation) return
      // A failed reload keeps what is on screen.
      if (now.view.status === 'ready') return
      set({
        ...now,
        view: { ...initialView, status: 'error', error: errorMessage(error), retryable: isRetryable(error) },
      })
    }
  }

  const loadFirstAtom = atom(null, async (get, set) => {
    const status = get(internalAtom).view.status
    if (status !== 'idle' && status !== 'error') return
    await loadFirst(get, (next) => set(internalAtom, next), false)
  })

  const reloadAtom = atom(null, async (get, set) => {
    if (get(internalAtom).view.status === 'loading') return
    await loadFirst(get, (next) => set(internalAtom, next), true)
  })

  const loadMoreAtom = atom(null, async (get, set) => {
    const state = get(internalAtom)
    const cursor = state.nextCursor
    if (state.view.status !== 'ready' || state.view.loadingMore || cursor === null) return
    if (state.ahead?.cursor === cursor) {
      set(appendAtom, state.ahead.page)
      return
    }
    set(internalAtom, { ...state, view: { ...state.view, loadingMore: true, moreError: null } })
    try {
      const page = await set(requestAtom, cursor)
      const now = get(internalAtom)
      if (now.generation !== state.generation || now.nextCursor !== cursor) return
      set(appendAtom, page)
    } catch (error) {
      const now = get(internalAtom)
      if (now.generation !== state.generation || now.nextCursor !== cursor) return
      set(internalAtom, { ...now, view: { ...now.view, loadingMore: false, moreError: errorMessage(error) } })
    }
  })

  const prefetchNextAtom = atom(null, async (get, set): Promise<readonly T[] | null> => {
    const state = get(internalAtom)
    const cursor = state.nextCursor
    if (state.view.status !== 'ready' || cursor === null) return null
    if (state.ahead?.cursor === cursor) return state.ahead.page.data.items
    try {
      const page = await set(requestAtom, cursor)
      const now = get(internalAtom)
      if (now.generation !== state.generation || now.nextCursor !== cursor) return null
      set(internalAtom, { ...now, ahead: { cursor, page } })
      return page.data.items
    } catch {
      // Prefetching is a bonus: a failure shows nothing; scrolling will ask again.
      return null
    }
  })

  return {
    key,
    stateAtom: atom((get) => get(internalAtom).view),
    loadFirstAtom,
    reloadAtom,
    loadMoreAtom,
    prefetchNextAtom,
  }
}

/** Lists kept; past this the least recently asked-for list is dropped (its state starts afresh). */
const MAX_LISTS = 100
const lists = new Map<string, PagedList<unknown, Page<unknown>>>()

/** The one list of `key`, made by `create` the first time. */
export function pagedListFor<T, R extends Page<T>>(key: string, create: () => PagedList<T, R>): PagedList<T, R> {
  const found = lists.get(key)
  if (found) {
    lists.delete(key)
    lists.set(key, found)
    return found as unknown as PagedList<T, R>
  }
  const list = create()
  lists.set(key, list as unknown as PagedList<unknown, Page<unknown>>)
  if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value!)
  return list
}

/** A read answered in pages of 10 with `nextCursor`. */
type PagedCall = Call<string, v.GenericSchema, v.GenericSchema<unknown, Page<unknown>>>
/** The item type of a paged call, e.g. VideoCard for media/recommend. */
type ItemOf<C extends PagedCall> = ResponseOf<C> extends Page<infer T> ? T : never

/**
 * Fetches a catalogue read through the offline reads: the answer is kept in IndexedDB, and
 * offline (or on a network failure) the stored answer comes back marked stale.
 */
export function readCatalogue<C extends Call>(
  get: Getter,
  call: C,
  ...args: CallArgs<C>
): Promise<ReadResult<ResponseOf<C>>> {
  return get(offlineReadsAtom).read(call.name, args[0], () => get(apiAtom).call(call, ...args))
}

/**
 * The list of a paged catalogue read with these parameters, e.g.
 * `catalogueList(mediaTopicDetails, { id: 3, sort: 'latest' })`. Same call and parameters,
 * same list.
 */
export function catalogueList<C extends PagedCall>(
  call: C,
  params: Omit<RequestOf<C>, 'cursor'>,
): PagedList<ItemOf<C>, ResponseOf<C> & Page<ItemOf<C>>> {
  type R = ResponseOf<C> & Page<ItemOf<C>>
  const key = callKey(call.name, params)
  return pagedListFor(key, () =>
    createPagedList<ItemOf<C>, R>(
      key,
      (get, cursor) =>
        readCatalogue(
          get,
          call,
          ...([cursor === undefined ? params : { ...params, cursor }] as unknown as CallArgs<C>),
        ) as Promise<ReadResult<R>>,
    ),
  )
}
