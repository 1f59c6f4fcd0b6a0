import { useRef, type ReactNode } from 'react'
import { t } from '../lib/messages.ts'
import { EmptyState, ErrorState, Skeleton } from './state-views.tsx'
import { NEAR_ROOT_MARGIN, useNearViewport } from './use-near-viewport.ts'
import './infinite-list.css'

/** How far below the viewport the end of the list starts loading the next page. */
export const LOAD_MORE_ROOT_MARGIN = NEAR_ROOT_MARGIN

/** The part of a paged list's state this component reads (features/catalogue/paged-list.ts fits it). */
export interface InfiniteListState {
  status: 'idle' | 'loading' | 'ready' | 'error'
  items: readonly unknown[]
  error: string | null
  /** False when asking again cannot help (the thing is not there): no retry then. */
  retryable?: boolean
  hasMore: boolean
  loadingMore: boolean
  moreError: string | null
}

export interface InfiniteListProps {
  state: InfiniteListState
  /** Asked for when the end of the list comes near, and by the inline retry. */
  onLoadMore(): void
  /** The first page's retry. */
  onRetry(): void
  /** The items, rendered by the caller (e.g. a video grid of `state.items`). */
  children: ReactNode
  /** Shown while the first page loads; a generic skeleton by default. */
  skeleton?: ReactNode
  /** Shown when the first page is empty. */
  emptyMessage?: string
}

/**
 * A list that asks for its next page as its end comes within 600 px of the viewport, shows a
 * skeleton on first load, an error with a retry when the first page fails, an inline retry when
 * a later page fails, and "没有更多了" at the end.
 */
export function InfiniteList({ state, onLoadMore, onRetry, children, skeleton, emptyMessage }: InfiniteListProps) {
  const sentinel = useRef<HTMLDivElement>(null)
  const waiting = state.status === 'ready' && state.hasMore && !state.loadingMore && state.moreError === null
  const count = state.items.length
  useNearViewport(sentinel, onLoadMore, { enabled: waiting, generation: count })

  if (state.status === 'idle' || state.status === 'loading') return <>{skeleton ?? <Skeleton lines={4} />}</>
  if (state.status === 'error') {
    return (
      <ErrorState message={state.error ?? t.http.failed} onRetry={state.retryable === false ? undefined : onRetry} />
    )
  }
  if (count === 0 && !state.hasMore) return <EmptyState message={emptyMessage ?? t.list.empty} />

  return (
    <>
      {children}
      <div ref={sentinel} className="infinite-list__end">
        {state.loadingMore ? (
          <p className="infinite-list__status" role="status">
            {t.common.loading}
          </p>
        ) : state.moreError !== null ? (
          <div className="infinite-list__status" role="alert">
            <span>{state.moreError}</span>{' '}
            <button type="button" className="button button--small button--ghost" onClick={onLoadMore}>
              {t.common.retry}
            </button>
          </div>
        ) : state.hasMore ? null : (
          <p className="infinite-list__status">{t.common.noMore}</p>
        )}
      </div>
    </>
  )
}
