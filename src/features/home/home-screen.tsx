import { useAtomValue, useSetAtom, type WritableAtom } from 'jotai'
import { useDeferredValue, useEffect, useLayoutEffect, type ReactNode } from 'react'
import { t } from '../../lib/messages.ts'
import { scheduleSplashRemoval } from '../../lib/splash.ts'
import { EmptyState, ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { announcementAtom, loadAnnouncementAtom, startAnnouncementAtom } from './announcement.ts'

function AnnouncementCard() {
  const state = useAtomValue(announcementAtom)
  const load = useSetAtom(loadAnnouncementAtom)
  const settled = state.status === 'success' || state.status === 'error'
  useEffect(() => {
    // Home's first content is on screen: the splash may go (see lib/splash.ts).
    if (settled) scheduleSplashRemoval(0)
  }, [settled])

  return (
    <section className="card announcement" aria-labelledby="announcement-title">
      <h2 id="announcement-title" className="card__title">
        {t.home.announcement}
      </h2>
      {state.status === 'idle' || state.status === 'loading' ? <Skeleton lines={2} /> : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={() => void load()} /> : null}
      {state.status === 'success' && state.data === null ? <EmptyState message={t.home.noAnnouncement} /> : null}
      {state.status === 'success' && state.data !== null ? (
        <article className="announcement__body">
          <h3 className="announcement__title">{state.data.title}</h3>
          <p className="announcement__content">{state.data.content}</p>
        </article>
      ) : null}
    </section>
  )
}

/**
 * Starts a read (a query's start action) in the commit of the component that calls it, before the
 * browser paints and before React's next render: home calls it in its first commit, whose
 * deferred render then finds an answer that is already in (home's reads go out while React is
 * still loading, see main.ts) and shows it, instead of a placeholder that the answer replaces a
 * frame later — under a three-line announcement, the catalogue moved down.
 */
export function useStartInFirstCommit(startAtom: WritableAtom<unknown, [], unknown>): void {
  const start = useSetAtom(startAtom)
  useLayoutEffect(() => void start(), [start])
}

export interface HomeScreenProps {
  /** The ads of home (carousel, icon row, floating window), composed by the route. */
  ads?: ReactNode
  /** The catalogue of home (sections, then the endless recommendations), composed by the route. */
  catalogue?: ReactNode
}

/** Home: header, ads, the announcement, then the catalogue. */
export function HomeScreen({ ads, catalogue }: HomeScreenProps) {
  // The first commit (the whole shell, the moment the session is ready) holds only the header;
  // the rest follows in a deferred render, which React builds in short slices rather than one
  // long task. All of it arrives in one commit below the header, so nothing shifts.
  const complete = useDeferredValue(true, false)
  useStartInFirstCommit(startAnnouncementAtom)
  return (
    <main className="page page--tab home">
      <header className="page-header page-header--brand">
        <h1 className="page-header__title">{t.appName}</h1>
      </header>
      {complete ? (
        <>
          {ads}
          <AnnouncementCard />
          {catalogue}
        </>
      ) : null}
    </main>
  )
}
