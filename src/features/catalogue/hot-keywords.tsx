import { mediaHotSearchsList } from '../../../core/contracts/calls.ts'
import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, type MouseEvent, type ReactNode } from 'react'
import { t } from '../../lib/messages-browse.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { readCatalogue } from './paged-list.ts'
import './browse.css'

/** hotSearchs/list, kept for offline like every catalogue read. */
const hotKeywords = queryAtoms(async (get) => (await readCatalogue(get, mediaHotSearchsList)).data.items)

/** A link to a keyword's results that first goes through `start` (history, offline check). */
export function KeywordLink({
  keyword,
  start,
  className,
  children,
}: {
  keyword: string
  start(keyword: string): string | null
  className: string
  children: ReactNode
}) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click opens a new tab: the search is recorded there, when it shows.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    if (start(keyword) === null) event.preventDefault()
  }
  return (
    <Link to="/subpage/result" search={{ keyword }} className={className} onClick={handleClick}>
      {children}
    </Link>
  )
}

/** 热门搜索: the most searched keywords, ranked, each a link to its results. */
export function HotKeywords({
  start,
  headingId,
  title = t.browse.hotKeywords,
}: {
  start(keyword: string): string | null
  headingId: string
  title?: string
}) {
  const state = useAtomValue(hotKeywords.stateAtom)
  const load = useSetAtom(hotKeywords.loadAtom)
  // Each time the list shows (a kept-alive page shows again too), so a keyword just searched can
  // appear; what is on screen stays until the answer.
  useEffect(() => {
    void load()
  }, [load])

  return (
    <section className="search-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="search-section__title">
        {title}
      </h2>
      {state.status === 'idle' || state.status === 'loading' ? <Skeleton lines={2} /> : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={() => void load()} /> : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <p className="search-section__empty">{t.browse.noHotKeywords}</p>
      ) : null}
      {state.status === 'success' && state.data.length > 0 ? (
        <ol className="hot-keywords">
          {state.data.map((item, index) => (
            <li key={item.keyword}>
              <KeywordLink
                keyword={item.keyword}
                start={start}
                className={index < 3 ? 'chip hot-keywords__chip hot-keywords__chip--top' : 'chip hot-keywords__chip'}
              >
                <span className="hot-keywords__rank" aria-hidden="true">
                  {index + 1}
                </span>
                {item.keyword}
              </KeywordLink>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
