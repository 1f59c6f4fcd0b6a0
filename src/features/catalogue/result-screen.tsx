import { searchDetails } from '../../../core/contracts/calls.ts'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-browse.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { HotKeywords } from './hot-keywords.tsx'
import { catalogueList } from './paged-list.ts'
import { SearchHead, SearchNoticeText, useShowResults, useStartSearch } from './search-head.tsx'
import { distinctTags, TagChips } from './tag-chips.tsx'
import { VideoGrid, VideoGridSkeleton } from './video-card.tsx'
import './browse.css'
import { useCoverList } from './use-cover-list.ts'

const MAX_RELATED_TAGS = 8

function NoResults({ start }: { start(keyword: string): string | null }) {
  return (
    <div className="no-results">
      <p className="no-results__message" role="status">
        {t.browse.noResults}
      </p>
      <HotKeywords start={start} headingId="result-suggestions" title={t.browse.tryHot} />
    </div>
  )
}

function Results({
  keyword,
  config,
  start,
}: {
  keyword: string
  config: ImageDomains | null
  start(keyword: string): string | null
}) {
  const list = catalogueList(searchDetails, { keyword })
  const { state, loadFirst, loadMore } = useCoverList(list, config)

  if (state.status === 'ready' && state.items.length === 0 && !state.hasMore) return <NoResults start={start} />
  return (
    <>
      <TagChips tags={distinctTags(state.items, MAX_RELATED_TAGS)} />
      <InfiniteList
        state={state}
        onLoadMore={() => void loadMore()}
        onRetry={() => void loadFirst()}
        skeleton={<VideoGridSkeleton count={6} />}
      >
        <VideoGrid videos={state.items} config={config} label={t.browse.resultsFor(keyword)} />
      </InfiniteList>
    </>
  )
}

/** /subpage/result?keyword= : the search bar to refine, then the matching videos without end. */
export function ResultScreen({ keyword, config }: { keyword: string | undefined; config: ImageDomains | null }) {
  const { start, notice } = useStartSearch()
  const showResults = useShowResults()
  return (
    <main className="page browse search-page">
      <h1 className="browse-sr-only">{keyword ? t.browse.resultsFor(keyword) : t.pages.result}</h1>
      {/* A new keyword starts the bar afresh with it. */}
      <SearchHead key={`head:${keyword ?? ''}`} initialKeyword={keyword ?? ''} start={start} onSearch={showResults} />
      <SearchNoticeText notice={notice} />
      {keyword ? (
        <Results key={`results:${keyword}`} keyword={keyword} config={config} start={start} />
      ) : (
        <>
          <p className="no-results__message">{t.browse.keywordRequired}</p>
          <HotKeywords start={start} headingId="result-suggestions" />
        </>
      )}
    </main>
  )
}
