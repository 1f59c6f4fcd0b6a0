import { useSetAtom } from 'jotai'
import { useEffect, useId, useState, type FormEvent } from 'react'
import type { RankEntrySchema } from '../../../core/contracts/community.ts'
import { RankOrders, RankPeriods, type RankOrder, type RankPeriod } from '../../../core/contracts/community-rules.ts'
import type { DomainEntry } from '../../../core/contracts/domain.ts'
import { formatCount } from '../../../core/format/count.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-creators.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { EmptyState, ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { tabId, Tabs } from '../../ui/tabs.tsx'
import { loadRankAtom } from './api.ts'
import { CreatorListView, type CreatorList } from './creator-list.tsx'
import { CreatorRow } from './creator-row.tsx'
import { useFollow } from './use-follow.ts'
import type * as v from 'valibot'
import './creators.css'

type RankEntry = v.InferOutput<typeof RankEntrySchema>

/** user/list's keyword limit (UserSearchRequestSchema). */
const KEYWORD_MAX = 16

const PERIOD_TABS = RankPeriods.map((value) => ({ value, label: t.creators.periods[value] }))
const ORDER_TABS = RankOrders.map((value) => ({ value, label: t.creators.orders[value] }))

function rankValue(by: RankOrder, value: number): string {
  return by === 'income' ? t.creators.value.income(formatMoney(value)) : t.creators.value[by](formatCount(value))
}

type Loaded = { key: string; items: readonly RankEntry[]; stale: boolean } | { key: string; error: string }

export interface UpRankScreenProps {
  period: RankPeriod
  by: RankOrder
  /** A tab chosen: the route keeps period and order in the URL. */
  onChange(next: { period: RankPeriod; by: RankOrder }): void
  config: { domain: readonly DomainEntry[] } | null
  /** The paged search results of a keyword (user/list). */
  searchList(keyword: string): CreatorList
}

/**
 * /subpage/upRank: the creators' ranking by period (周榜/月榜/总榜) and order (粉丝/获赞/收益), the
 * top 3 with gold, silver and bronze discs, each with a follow button; and a search for creators by nickname.
 */
export function UpRankScreen({ period, by, onChange, config, searchList }: UpRankScreenProps) {
  const follow = useFollow()
  const loadRank = useSetAtom(loadRankAtom)
  const ids = useId()
  const key = `${period}:${by}`
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    loadRank(period, by).then(
      (result) => live && setLoaded({ key, items: result.data.items, stale: result.stale }),
      (error: unknown) => live && setLoaded({ key, error: errorMessage(error) }),
    )
    return () => {
      live = false
    }
  }, [loadRank, period, by, key, attempt])
  // Another tab's answer is not this one: it loads meanwhile.
  const current = loaded?.key === key ? loaded : null

  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  const [searchError, setSearchError] = useState('')
  const handleSearch = (event: FormEvent) => {
    event.preventDefault()
    const cleaned = typed.replace(/\s+/g, ' ').trim()
    if (cleaned.length > KEYWORD_MAX) return setSearchError(t.creators.searchTooLong(KEYWORD_MAX))
    setSearchError('')
    setKeyword(cleaned)
  }
  const handleBack = () => {
    setKeyword('')
    setTyped('')
  }

  const panelId = `${ids}-panel`
  return (
    <main className="page creators">
      <PageHeader title={t.pages.upRank} />
      <form role="search" className="creators__search" onSubmit={handleSearch}>
        <label className="creators__search-label" htmlFor={`${ids}-keyword`}>
          {t.creators.search}
        </label>
        <input
          id={`${ids}-keyword`}
          type="search"
          className="creators__search-input"
          value={typed}
          placeholder={t.creators.searchPlaceholder}
          enterKeyHint="search"
          aria-invalid={searchError !== ''}
          aria-describedby={searchError ? `${ids}-search-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--small">
          {t.creators.searchButton}
        </button>
      </form>
      {searchError ? (
        <p id={`${ids}-search-error`} className="creators__error" role="alert">
          {searchError}
        </p>
      ) : null}

      {keyword ? (
        <section aria-labelledby={`${ids}-results`}>
          <div className="creators__results-head">
            <h2 id={`${ids}-results`} className="creators__heading">
              {t.creators.searchResults(keyword)}
            </h2>
            <button type="button" className="button button--small button--ghost" onClick={handleBack}>
              {t.creators.backToRank}
            </button>
          </div>
          <CreatorListView
            key={keyword}
            list={searchList(keyword)}
            config={config}
            follow={follow}
            emptyMessage={t.creators.noResults}
          />
        </section>
      ) : (
        <>
          <Tabs<RankPeriod>
            items={PERIOD_TABS}
            value={period}
            onChange={(next) => onChange({ period: next, by })}
            label={t.creators.periodLabel}
            panelId={panelId}
            idPrefix={`${ids}-period`}
            block="creators-tabs"
          />
          <Tabs<RankOrder>
            items={ORDER_TABS}
            value={by}
            onChange={(next) => onChange({ period, by: next })}
            label={t.creators.orderLabel}
            panelId={panelId}
            idPrefix={`${ids}-order`}
            block="creators-tabs"
          />
          <div
            role="tabpanel"
            id={panelId}
            aria-labelledby={`${tabId(`${ids}-period`, period)} ${tabId(`${ids}-order`, by)}`}
          >
            {current === null ? (
              <Skeleton lines={6} />
            ) : 'error' in current ? (
              <ErrorState message={current.error} onRetry={() => setAttempt(attempt + 1)} />
            ) : current.items.length === 0 ? (
              <EmptyState message={t.creators.emptyRank} />
            ) : (
              <>
                {current.stale ? <p className="creators__note">{t.list.offlineData}</p> : null}
                <ol className="creators__list">
                  {current.items.map((entry) => (
                    <CreatorRow
                      key={entry.id}
                      card={entry}
                      config={config}
                      follow={follow}
                      rank={entry.rank}
                      value={rankValue(by, entry.value)}
                    />
                  ))}
                </ol>
              </>
            )}
          </div>
        </>
      )}
    </main>
  )
}
