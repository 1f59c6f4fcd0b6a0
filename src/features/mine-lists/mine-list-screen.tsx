import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom, type Atom, type WritableAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import { formatDate } from '../../../core/format/date.ts'
import { ApiError, ApiErrorKind, errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-watch.ts'
import { isConnectivityError } from '../../lib/offline-reads.ts'
import { InfiniteList, type InfiniteListState } from '../../ui/infinite-list.tsx'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { formatPosition, MineListKind, removeFavouritesAtom, type MineItem } from './api.ts'
import './mine-lists.css'

/** The list a screen shows (the catalogue's createPagedList over mineListSource fits it). */
export interface MineList {
  stateAtom: Atom<Omit<InfiniteListState, 'items'> & { items: readonly MineItem[]; stale: boolean }>
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
  reloadAtom: WritableAtom<null, [], Promise<void>>
}

export interface MineListScreenProps {
  kind: MineListKind
  title: string
  list: MineList
  config: { domain: readonly DomainEntry[] } | null
}

const EMPTY: Record<MineListKind, string> = {
  bought: t.mineLists.empty.bought,
  collect: t.mineLists.empty.collect,
  history: t.mineLists.empty.history,
}

/** /mine/myBought, /mine/myCollect (with an edit mode that removes favourites), /mine/myHistory. */
export function MineListScreen({ kind, title, list, config }: MineListScreenProps) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const reload = useSetAtom(list.reloadAtom)
  const removeFavourites = useSetAtom(removeFavouritesAtom)
  const toast = useSetAtom(showToastAtom)
  const [editing, setEditing] = useState(false)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  /** Removed (or being removed) here: hidden at once, shown again if the removal fails. */
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set())

  // The list is kept between visits; coming back asks again (a favourite added on the feed shows),
  // keeping the rows on screen until the answer.
  const [initialStatus] = useState(state.status)
  useEffect(() => {
    if (initialStatus === 'ready') void reload()
    else void loadFirst()
  }, [initialStatus, loadFirst, reload])

  const items = state.items.filter((item) => !removed.has(item.id))
  const editable = kind === MineListKind.Collect && state.status === 'ready' && items.length > 0
  const isEditing = editing && editable
  const empty = state.status === 'ready' && items.length === 0 && !state.hasMore

  const toggle = (id: number) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setSelected(next)
  }
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id))

  const handleRemove = async () => {
    const ids = items.filter((item) => selected.has(item.id)).map((item) => item.id)
    if (ids.length === 0) return
    setRemoved(new Set([...removed, ...ids]))
    setSelected(new Set())
    setEditing(false)
    try {
      await removeFavourites(ids)
      toast(t.mineLists.removed(ids.length))
      // The stored first page (offline) and the cursors follow the server again.
      void reload()
    } catch (error) {
      setRemoved((current) => new Set([...current].filter((id) => !ids.includes(id))))
      toast(
        isConnectivityError(error)
          ? t.mineLists.needsNetwork
          : error instanceof ApiError && error.kind === ApiErrorKind.Business
            ? errorMessage(error)
            : t.mineLists.removeFailed,
      )
    }
  }

  return (
    <main className="page mine-list">
      <PageHeader
        title={title}
        end={
          editable ? (
            <button type="button" className="button button--small button--ghost" onClick={() => setEditing(!editing)}>
              {isEditing ? t.mineLists.done : t.mineLists.edit}
            </button>
          ) : null
        }
      />
      {state.stale ? <p className="mine-list__stale">{t.list.offlineData}</p> : null}
      {empty ? (
        <div className="mine-list__empty">
          <p className="empty-state">{EMPTY[kind]}</p>
          <Link to="/" className="button">
            {t.common.goHome}
          </Link>
        </div>
      ) : (
        <InfiniteList state={state} onLoadMore={() => void loadMore()} onRetry={() => void loadFirst()}>
          <ul className="mine-list__items">
            {items.map((item) => (
              <li key={item.id}>
                {isEditing ? (
                  <label className="mine-row mine-row--select">
                    <input
                      type="checkbox"
                      aria-label={t.mineLists.select(item.title)}
                      checked={selected.has(item.id)}
                      onChange={() => toggle(item.id)}
                    />
                    <RowBody item={item} kind={kind} config={config} />
                  </label>
                ) : (
                  <Link to="/play/longVideo" search={{ id: item.id }} className="mine-row">
                    <RowBody item={item} kind={kind} config={config} />
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </InfiniteList>
      )}
      {isEditing ? (
        <div className="mine-list__toolbar">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setSelected(allSelected ? new Set() : new Set(items.map((item) => item.id)))}
          >
            {allSelected ? t.mineLists.unselectAll : t.mineLists.selectAll}
          </button>
          <button type="button" className="button" disabled={selected.size === 0} onClick={() => void handleRemove()}>
            {t.mineLists.remove(selected.size)}
          </button>
        </div>
      ) : null}
    </main>
  )
}

function RowBody({
  item,
  kind,
  config,
}: {
  item: MineItem
  kind: MineListKind
  config: MineListScreenProps['config']
}) {
  const date = formatDate(item.at)
  return (
    <>
      <span className="mine-row__cover">
        <LazyImage src={imageUrl(config, item.cover)} alt="" ratio={16 / 9} />
      </span>
      <span className="mine-row__text">
        <span className="mine-row__title">{item.title}</span>
        <span className="mine-row__meta">
          {kind === MineListKind.History
            ? typeof item.position === 'number'
              ? `${t.mineLists.watchedTo(formatPosition(item.position))} · ${date}`
              : date
            : kind === MineListKind.Bought
              ? t.mineLists.boughtAt(date)
              : t.mineLists.collectedAt(date)}
        </span>
      </span>
    </>
  )
}
