import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom, type Atom, type WritableAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import type { Feedback } from '../../../core/contracts/support.ts'
import { formatDate } from '../../../core/format/date.ts'
import { t } from '../../lib/messages-support.ts'
import { InfiniteList, type InfiniteListState } from '../../ui/infinite-list.tsx'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import './support.css'

/** The list a screen shows (the catalogue's createPagedList over feedbackSource fits it). */
export interface FeedbackList {
  stateAtom: Atom<Omit<InfiniteListState, 'items'> & { items: readonly Feedback[]; stale: boolean }>
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
  reloadAtom: WritableAtom<null, [], Promise<void>>
}

/** /mine/feedback: the caller's feedback, newest first, each with the operator's reply or 等待客服回复. */
export function FeedbackListScreen({
  list,
  config,
}: {
  list: FeedbackList
  config: { domain: readonly DomainEntry[] } | null
}) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const reload = useSetAtom(list.reloadAtom)
  // Coming back after writing one asks again, keeping the rows on screen until the answer.
  const [initialStatus] = useState(state.status)
  useEffect(() => {
    if (initialStatus === 'ready') void reload()
    else void loadFirst()
  }, [initialStatus, loadFirst, reload])

  const empty = state.status === 'ready' && state.items.length === 0 && !state.hasMore
  const write = (
    <Link to="/mine/problemFeedback" className="button">
      {t.support.write}
    </Link>
  )
  return (
    <main className="page support">
      <PageHeader title={t.pages.feedback} end={empty ? null : write} />
      {state.stale ? <p className="support__note">{t.list.offlineData}</p> : null}
      {empty ? (
        <div className="support__empty">
          <p className="empty-state">{t.support.noFeedback}</p>
          {write}
        </div>
      ) : (
        <InfiniteList state={state} onLoadMore={() => void loadMore()} onRetry={() => void loadFirst()}>
          <ul className="support__list">
            {state.items.map((item) => (
              <li key={item.id} className="card support__feedback">
                <FeedbackItem item={item} config={config} />
              </li>
            ))}
          </ul>
        </InfiniteList>
      )}
    </main>
  )
}

function FeedbackItem({ item, config }: { item: Feedback; config: { domain: readonly DomainEntry[] } | null }) {
  return (
    <article aria-label={t.support.feedbackTypes[item.type]}>
      <p className="support__meta">
        <span className="support__tag">{t.support.feedbackTypes[item.type]}</span>
        <span>{t.support.submittedAt(formatDate(item.createdAt))}</span>
      </p>
      <p className="support__text">{item.content}</p>
      {item.images.length > 0 && config ? (
        <ul className="support__thumbs">
          {item.images.map((image, index) => (
            <li key={image.key}>
              <LazyImage
                src={imageUrl(config, image.key)}
                alt={t.support.image(index + 1)}
                ratio={1}
                className="support__thumb"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {item.reply ? (
        <div className="support__reply">
          <p className="support__reply-title">
            {t.support.replied}
            {item.repliedAt !== null ? <span> · {formatDate(item.repliedAt)}</span> : null}
          </p>
          <p className="support__text">{item.reply}</p>
        </div>
      ) : (
        <p className="support__waiting">{t.support.waitingReply}</p>
      )}
    </article>
  )
}
