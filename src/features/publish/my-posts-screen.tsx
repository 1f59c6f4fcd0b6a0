import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom, type Atom, type WritableAtom } from 'jotai'
import { useEffect, useState, type ReactNode } from 'react'
import type { PostCard } from '../../../core/contracts/community.ts'
import { PostState, PostVideoState } from '../../../core/contracts/community-rules.ts'
import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import { formatDate } from '../../../core/format/date.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { t } from '../../lib/messages-publish.ts'
import { InfiniteList, type InfiniteListState } from '../../ui/infinite-list.tsx'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import './my-posts.css'

/** The list a screen shows (the catalogue's createPagedList over myPostsSource fits it). */
export interface PostList {
  stateAtom: Atom<Omit<InfiniteListState, 'items'> & { items: readonly PostCard[]; stale: boolean }>
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
  reloadAtom: WritableAtom<null, [], Promise<void>>
}

const STATE_LABEL: Record<PostCard['state'], string> = {
  pending: t.myPost.state.pending,
  published: t.myPost.state.published,
  rejected: t.myPost.state.rejected,
  removed: t.myPost.state.removed,
}

/** /mine/myPost: the caller's posts with their review state; a published one opens its page. */
export function MyPostsScreen({ list, config }: { list: PostList; config: { domain: readonly DomainEntry[] } | null }) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const reload = useSetAtom(list.reloadAtom)
  // Coming back (after publishing, say) asks again, keeping the rows on screen until the answer.
  const [initialStatus] = useState(state.status)
  useEffect(() => {
    if (initialStatus === 'ready') void reload()
    else void loadFirst()
  }, [initialStatus, loadFirst, reload])

  const empty = state.status === 'ready' && state.items.length === 0 && !state.hasMore
  return (
    <main className="page my-posts">
      <PageHeader title={t.pages.myPost} />
      {state.stale ? <p className="my-posts__note">{t.list.offlineData}</p> : null}
      {empty ? (
        <div className="my-posts__empty">
          <p className="empty-state">{t.myPost.empty}</p>
          <Link to="/community/publish" className="button">
            {t.myPost.publish}
          </Link>
        </div>
      ) : (
        <InfiniteList state={state} onLoadMore={() => void loadMore()} onRetry={() => void loadFirst()}>
          <ul className="my-posts__items">
            {state.items.map((post) => (
              <li key={post.id}>
                {post.state === PostState.Published ? (
                  <Link to="/community/postDetail" search={{ id: post.id }} className="my-post">
                    <PostRow post={post} config={config} />
                  </Link>
                ) : (
                  <div className="my-post">
                    <PostRow post={post} config={config} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </InfiniteList>
      )}
    </main>
  )
}

function PostRow({ post, config }: { post: PostCard; config: { domain: readonly DomainEntry[] } | null }) {
  const cover = post.images[0]?.key || (post.video?.state === PostVideoState.Ready ? post.video.cover : '')
  const badges: ReactNode[] = [
    <span key="state" className={`my-post__badge my-post__badge--${post.state}`}>
      {STATE_LABEL[post.state]}
    </span>,
  ]
  if (post.video?.state === PostVideoState.Processing)
    badges.push(
      <span key="video" className="my-post__badge">
        {t.myPost.processing}
      </span>,
    )
  if (post.video?.state === PostVideoState.Failed)
    badges.push(
      <span key="video" className="my-post__badge my-post__badge--rejected">
        {t.myPost.videoFailed}
      </span>,
    )
  return (
    <>
      <span className="my-post__thumb">
        {cover ? (
          <LazyImage src={imageUrl(config, cover)} alt="" ratio={1} />
        ) : (
          <span aria-hidden="true">{post.video ? '▶' : '✎'}</span>
        )}
      </span>
      <span className="my-post__text">
        <span className="my-post__content">{post.content}</span>
        <span className="my-post__meta">
          {badges}
          <span>{formatDate(post.createdAt)}</span>
          {post.imageCount > 0 ? <span>{t.myPost.images(post.imageCount)}</span> : null}
          {post.price > 0 ? <span>{t.myPost.price(formatMoney(post.price))}</span> : null}
        </span>
        {post.state === PostState.Rejected && post.rejectReason ? (
          <span className="my-post__reason">{t.myPost.rejectReason(post.rejectReason)}</span>
        ) : null}
      </span>
    </>
  )
}
