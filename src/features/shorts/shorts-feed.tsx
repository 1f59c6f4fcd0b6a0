import { useAtomValue, useSetAtom, type Atom, type WritableAtom } from 'jotai'
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react'
import type { DomainEntry } from '../../../core/contracts/domain.ts'
import type { VideoCard } from '../../../core/contracts/media.ts'
import type { LoadHls } from '../../lib/hls-source.ts'
import { t } from '../../lib/messages-watch.ts'
import { useLoadWhenBackOnline } from '../../lib/use-back-online.ts'
import { EmptyState, ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { isAttached, pickActiveSlide, shouldLoadMore } from './active-slide.ts'
import { mutedAtom, setMutedAtom } from './muted.ts'
import { ShortSlide } from './short-slide.tsx'
import './shorts.css'

/** The list the feed shows (the catalogue's paged list of media/short/recommend fits it). */
export interface FeedList {
  stateAtom: Atom<{
    status: 'idle' | 'loading' | 'ready' | 'error'
    items: readonly VideoCard[]
    error: string | null
    hasMore: boolean
    loadingMore: boolean
    moreError: string | null
  }>
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
}

export interface ShortsFeedProps {
  list: FeedList
  config: { domain: readonly DomainEntry[] } | null
  loadHls: LoadHls
  /** The clock (ms), for the play tokens' age. */
  now?: () => number
}

/** Visibility ratios the observer reports at; 0.6 is where a slide becomes the playing one. */
const THRESHOLDS = [0, 0.3, 0.6, 0.8, 1]

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener)
  return () => document.removeEventListener('visibilitychange', listener)
}
const isPageHidden = () => document.visibilityState === 'hidden'

/**
 * The /lld/ feed: full-height slides in a CSS scroll-snap column (native touch, wheel and
 * keyboard scrolling, no library), one playing at a time — the one at least 60 % visible.
 * Tab page: kept alive while another tab shows; its effects stop then, which pauses the video,
 * and coming back restores the slide it was on.
 */
export function ShortsFeed({ list, config, loadHls, now = Date.now }: ShortsFeedProps) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const muted = useAtomValue(mutedAtom)
  const setMuted = useSetAtom(setMutedAtom)
  const pageHidden = useSyncExternalStore(subscribeVisibility, isPageHidden, () => false)
  const scroller = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const activeRef = useRef(0)
  const [paused, setPaused] = useState(false)
  const count = state.items.length

  useEffect(() => void loadFirst(), [loadFirst])
  useLoadWhenBackOnline(state.status === 'error', loadFirst)

  useEffect(() => {
    if (state.status === 'ready' && state.hasMore && !state.loadingMore && state.moreError === null) {
      if (shouldLoadMore(active, count)) void loadMore()
    }
  }, [active, count, state.status, state.hasMore, state.loadingMore, state.moreError, loadMore])

  const select = useCallback((index: number) => {
    if (index === activeRef.current) return
    activeRef.current = index
    setActive(index)
    setPaused(false)
  }, [])

  // Back from another tab: the hidden column may have lost its scroll offset; put the slide back
  // before the observer (below) looks, or it would pick the first slide.
  useLayoutEffect(() => {
    const root = scroller.current
    const slide = root?.querySelector<HTMLElement>(`[data-index="${activeRef.current}"]`)
    if (root && slide && root.scrollTop !== slide.offsetTop) root.scrollTop = slide.offsetTop
  }, [])

  useEffect(() => {
    const root = scroller.current
    if (!root || count === 0 || typeof IntersectionObserver === 'undefined') return
    const ratios = new Map<number, number>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          ratios.set(Number((entry.target as HTMLElement).dataset.index), entry.intersectionRatio)
        }
        select(pickActiveSlide(ratios, activeRef.current))
      },
      { root, threshold: THRESHOLDS },
    )
    for (const slide of root.querySelectorAll('[data-index]')) observer.observe(slide)
    return () => observer.disconnect()
  }, [count, select])

  // The feed is the page: it takes focus once it shows, so the keyboard drives it at once.
  const shown = count > 0
  useEffect(() => {
    if (shown) scroller.current?.focus({ preventScroll: true })
  }, [shown])

  const goTo = (index: number) => {
    const root = scroller.current
    const slide = root?.querySelector<HTMLElement>(`[data-index="${index}"]`)
    if (!root || !slide) return
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    root.scrollTo({ top: slide.offsetTop, behavior: smooth ? 'smooth' : 'auto' })
  }

  // Arrows and page keys also work while a button inside a slide has focus (a tap on the video
  // leaves it there); Space, k and m stay the feed's own, so Space still presses a focused button.
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'PageDown') goTo(Math.min(count - 1, activeRef.current + 1))
    else if (event.key === 'ArrowUp' || event.key === 'PageUp') goTo(Math.max(0, activeRef.current - 1))
    else if (event.target !== event.currentTarget) return
    else if (event.key === ' ' || event.key === 'k') setPaused((value) => !value)
    else if (event.key === 'm') setMuted(!muted)
    else return
    event.preventDefault()
  }

  const handleTogglePause = useCallback(() => setPaused((value) => !value), [])

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <div className="shorts shorts--message">
        <Skeleton lines={3} />
      </div>
    )
  }
  if (state.status === 'error') {
    return (
      <div className="shorts shorts--message">
        <ErrorState message={state.error ?? t.http.failed} onRetry={() => void loadFirst()} />
      </div>
    )
  }
  if (count === 0) {
    return (
      <div className="shorts shorts--message">
        <EmptyState message={t.shorts.empty} />
      </div>
    )
  }

  return (
    <div className="shorts">
      <div
        ref={scroller}
        className="shorts__feed"
        role="feed"
        aria-label={t.shorts.feed}
        aria-busy={state.loadingMore}
        tabIndex={0}
        onKeyDown={handleKeyDown}
      >
        {state.items.map((video, index) => (
          <ShortSlide
            key={video.id}
            video={video}
            index={index}
            active={index === active}
            attached={isAttached(index, active)}
            playing={index === active && !paused && !pageHidden}
            muted={muted}
            config={config}
            loadHls={loadHls}
            now={now}
            onTogglePause={handleTogglePause}
          />
        ))}
        {state.moreError !== null ? (
          <div className="short short--status">
            <ErrorState message={state.moreError} onRetry={() => void loadMore()} />
          </div>
        ) : !state.hasMore ? (
          <p className="short short--status">{t.common.noMore}</p>
        ) : null}
      </div>
      <button
        type="button"
        className="shorts__mute"
        aria-pressed={muted}
        aria-label={t.shorts.mute}
        onClick={() => setMuted(!muted)}
      >
        <SpeakerIcon muted={muted} />
      </button>
    </div>
  )
}

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" strokeLinejoin="round" />
      {muted ? (
        <path d="M16 9l5 6M21 9l-5 6" strokeLinecap="round" />
      ) : (
        <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" strokeLinecap="round" />
      )}
    </svg>
  )
}
