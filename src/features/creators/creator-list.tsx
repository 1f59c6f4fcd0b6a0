import { useAtomValue, useSetAtom, type Atom, type WritableAtom } from 'jotai'
import { useEffect, useState, type ReactNode } from 'react'
import type { CreatorCard } from '../../../core/contracts/community.ts'
import type { DomainEntry } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-creators.ts'
import { InfiniteList, type InfiniteListState } from '../../ui/infinite-list.tsx'
import { CreatorRow } from './creator-row.tsx'
import type { useFollow } from './use-follow.ts'

/** A paged list of creators (the catalogue's createPagedList over a source of api.ts fits it). */
export interface CreatorList {
  stateAtom: Atom<Omit<InfiniteListState, 'items'> & { items: readonly CreatorCard[]; stale: boolean }>
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
  reloadAtom: WritableAtom<null, [], Promise<void>>
}

/** An endless list of creator rows; a list already shown is asked again, its rows kept meanwhile. */
export function CreatorListView({
  list,
  config,
  follow,
  emptyMessage,
  emptyAction,
}: {
  list: CreatorList
  config: { domain: readonly DomainEntry[] } | null
  follow: ReturnType<typeof useFollow>
  emptyMessage: string
  /** Offered under the empty message (a way to find creators). */
  emptyAction?: ReactNode
}) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const reload = useSetAtom(list.reloadAtom)
  const [initialStatus] = useState(state.status)
  useEffect(() => {
    if (initialStatus === 'ready') void reload()
    else void loadFirst()
  }, [initialStatus, loadFirst, reload])
  if (state.status === 'ready' && state.items.length === 0 && !state.hasMore) {
    return (
      <div className="creators__empty">
        <p className="empty-state">{emptyMessage}</p>
        {emptyAction}
      </div>
    )
  }
  return (
    <>
      {state.stale ? <p className="creators__note">{t.list.offlineData}</p> : null}
      <InfiniteList
        state={state}
        onLoadMore={() => void loadMore()}
        onRetry={() => void loadFirst()}
        emptyMessage={emptyMessage}
      >
        <ul className="creators__list">
          {state.items.map((card) => (
            <CreatorRow key={card.id} card={card} config={config} follow={follow} />
          ))}
        </ul>
      </InfiniteList>
    </>
  )
}
