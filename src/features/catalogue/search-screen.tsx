import { searchHot } from '../../../core/contracts/calls.ts'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useState } from 'react'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-browse.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { Sheet } from '../../ui/sheet.tsx'
import { HotKeywords, KeywordLink } from './hot-keywords.tsx'
import { catalogueList } from './paged-list.ts'
import { SearchHead, SearchNoticeText, useShowResults, useStartSearch } from './search-head.tsx'
import { clearSearchHistoryAtom, searchHistoryAtom } from './search-history.ts'
import { VideoGrid, VideoGridSkeleton } from './video-card.tsx'
import './browse.css'
import { useCoverList } from './use-cover-list.ts'

function SearchHistory({ start }: { start(keyword: string): string | null }) {
  const history = useAtomValue(searchHistoryAtom)
  const clear = useSetAtom(clearSearchHistoryAtom)
  const [confirming, setConfirming] = useState(false)
  const handleCancel = useCallback(() => setConfirming(false), [])
  if (history.length === 0) return null
  return (
    <section className="search-section" aria-labelledby="search-history">
      <div className="search-section__header">
        <h2 id="search-history" className="search-section__title">
          {t.browse.history}
        </h2>
        <button
          type="button"
          className="search-section__action"
          aria-label={t.browse.clearHistoryLabel}
          onClick={() => setConfirming(true)}
        >
          {t.browse.clearHistory}
        </button>
      </div>
      <ul className="chip-list" aria-labelledby="search-history">
        {history.map((keyword) => (
          <li key={keyword}>
            <KeywordLink keyword={keyword} start={start} className="chip">
              {keyword}
            </KeywordLink>
          </li>
        ))}
      </ul>
      {confirming ? (
        <Sheet
          role="alertdialog"
          title={t.browse.clearHistoryConfirm}
          onClose={handleCancel}
          actions={
            <>
              <button type="button" className="button button--ghost" onClick={handleCancel}>
                {t.browse.cancel}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  clear()
                  setConfirming(false)
                }}
              >
                {t.browse.confirm}
              </button>
            </>
          }
        />
      ) : null}
    </section>
  )
}

function HotVideos({ config }: { config: ImageDomains | null }) {
  const list = catalogueList(searchHot, {})
  const { state, loadFirst, loadMore } = useCoverList(list, config)
  return (
    <section className="search-section search-section--wide" aria-labelledby="search-hot-videos">
      <h2 id="search-hot-videos" className="search-section__title">
        {t.browse.hotVideos}
      </h2>
      <InfiniteList
        state={state}
        onLoadMore={() => void loadMore()}
        onRetry={() => void loadFirst()}
        skeleton={<VideoGridSkeleton count={4} />}
      >
        <VideoGrid videos={state.items} config={config} label={t.browse.hotVideos} />
      </InfiniteList>
    </section>
  )
}

/** /subpage/search: the search bar, the history kept on this device, 热门搜索 and 热门视频. */
export function SearchScreen({ config }: { config: ImageDomains | null }) {
  const { start, notice } = useStartSearch()
  const showResults = useShowResults()
  return (
    <main className="page browse search-page">
      <h1 className="browse-sr-only">{t.pages.search}</h1>
      <SearchHead autoFocus start={start} onSearch={showResults} />
      <SearchNoticeText notice={notice} />
      <SearchHistory start={start} />
      <HotKeywords start={start} headingId="search-hot-keywords" />
      <HotVideos config={config} />
    </main>
  )
}
