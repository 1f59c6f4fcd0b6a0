import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState, type ReactNode } from 'react'
import type { PostDetail } from '../../../core/contracts/community.ts'
import { PostState, PostVideoState } from '../../../core/contracts/community-rules.ts'
import { imageUrl, type ImageDomains } from '../../../core/contracts/domain.ts'
import type { PlayLine } from '../../../core/contracts/play.ts'
import { formatCount } from '../../../core/format/count.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { relativeTime } from '../../../core/format/relative-time.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-community.ts'
import { browserShare, shareLink, type ShareDeps } from '../../lib/share.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { EmptyState, ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { commentsSource, unlockPostAtom, type ListMaker, type UnlockOutcome } from './api.ts'
import { followMarksViewAtom, postMarksViewAtom, setFollowAtom, togglePostLikeAtom, withMark } from './atoms.ts'
import { Comments } from './comments.tsx'
import type { DraftStorage } from './comment-draft.ts'
import { ImageGrid } from './image-grid.tsx'
import { AuthorLink, CommentIcon, HeartIcon, lockedParts, PriceBadge, VideoCover } from './post-parts.tsx'
import { postReadAtoms, type ReadAtoms } from './read-atoms.ts'
import { ReportSheet } from './report-sheet.tsx'
import { useNowSeconds } from './use-now.ts'
import './community.css'

/** What the route's unlock sheet (the player's) is given. */
export interface UnlockSheetProps {
  title: string
  price: number
  balance: number
  onConfirm(): Promise<UnlockOutcome>
  onUnlocked(): void
  onClose(): void
}

/** What the route's video player (the player's) is given. */
export interface PostVideoProps {
  lines: readonly PlayLine[]
  poster: string | null
  title: string
}

export interface PostDetailScreenProps {
  id: number | undefined
  config: ImageDomains | null
  userId: number | null
  lists: ListMaker
  renderVideo(props: PostVideoProps): ReactNode
  renderUnlock(props: UnlockSheetProps): ReactNode
  /** Replaced in tests. */
  share?: ShareDeps
  draftStorage?: DraftStorage | null
}

/** /community/postDetail?id=: the post, its lock or its images and video, actions, and the comments. */
export function PostDetailScreen(props: PostDetailScreenProps) {
  const { id, userId } = props
  const [atoms] = useState(() => (id === undefined ? null : postReadAtoms(id, userId)))
  if (id === undefined || atoms === null) return <Missing />
  return <PostPage {...props} id={id} atoms={atoms} />
}

function Missing() {
  return (
    <main className="page post-detail">
      <PageHeader title={t.pages.postDetail} />
      <EmptyState message={t.community.postMissing} />
    </main>
  )
}

function PostPage({
  atoms,
  config,
  userId,
  lists,
  renderVideo,
  renderUnlock,
  share = browserShare,
  draftStorage,
}: PostDetailScreenProps & { id: number; atoms: ReadAtoms<PostDetail> }) {
  const state = useAtomValue(atoms.stateAtom)
  const load = useSetAtom(atoms.loadAtom)
  const marks = useAtomValue(postMarksViewAtom)
  const follows = useAtomValue(followMarksViewAtom)
  const toggleLike = useSetAtom(togglePostLikeAtom)
  const setFollow = useSetAtom(setFollowAtom)
  const unlock = useSetAtom(unlockPostAtom)
  const toast = useSetAtom(showToastAtom)
  const [sheet, setSheet] = useState<'unlock' | 'report' | null>(null)
  const [addedComments, setAddedComments] = useState(0)
  const [following, setFollowing] = useState(false)
  const now = useNowSeconds()

  useEffect(() => {
    void load()
  }, [load])

  if (state.status === 'missing') return <Missing />
  if (state.status !== 'ready') {
    return (
      <main className="page post-detail">
        <PageHeader title={t.pages.postDetail} />
        {state.status === 'error' ? (
          <ErrorState message={state.message} onRetry={() => void load()} />
        ) : (
          <Skeleton lines={6} />
        )}
      </main>
    )
  }

  const post = withMark(state.data, marks)
  const own = userId !== null && post.author.id === userId
  const followed = follows.get(post.author.id) ?? post.followed
  const fail = (error: unknown) => toast(errorMessage(error) || t.community.actionFailed)

  const handleFollow = async () => {
    if (following) return
    setFollowing(true)
    try {
      await setFollow({ id: post.author.id, follow: !followed })
    } catch (error) {
      fail(error)
    } finally {
      setFollowing(false)
    }
  }

  const handleShare = async () => {
    const outcome = await shareLink(share, { title: post.content.slice(0, 40), url: postUrl(post.id) })
    if (outcome === 'copied') toast(t.community.linkCopied)
    else if (outcome === 'failed') toast(t.community.copyFailed)
  }

  return (
    <main className="page post-detail">
      <PageHeader
        title={t.pages.postDetail}
        end={
          own ? null : (
            <button
              type="button"
              className="post-detail__report"
              aria-haspopup="dialog"
              onClick={() => setSheet('report')}
            >
              {t.community.report}
            </button>
          )
        }
      />
      {state.stale ? (
        <p className="community__stale" role="status">
          {t.community.stale}
        </p>
      ) : null}
      <article className="post-detail__post">
        <header className="post-card__head">
          <AuthorLink author={post.author} config={config} />
          <span className="post-card__time">{relativeTime(post.createdAt, now)}</span>
          {own ? null : (
            <button
              type="button"
              className={followed ? 'follow-button follow-button--on' : 'follow-button'}
              aria-pressed={followed}
              disabled={state.stale}
              aria-busy={following}
              onClick={() => void handleFollow()}
            >
              {followed ? t.community.followed : t.community.follow}
            </button>
          )}
        </header>
        {own && post.state === PostState.Pending ? <p className="post-detail__state">{t.community.pending}</p> : null}
        {own && post.state === PostState.Rejected ? (
          <p className="post-detail__state post-detail__state--rejected">{t.community.rejected(post.rejectReason)}</p>
        ) : null}
        <p className="post-detail__text">
          {post.content}
          {post.truncated ? '…' : ''}
        </p>
        {post.locked ? (
          <div className="post-detail__lock">
            <PriceBadge price={post.price} />
            <p>{t.community.lockedSummary(lockedParts(post))}</p>
            <button type="button" className="button" disabled={state.stale} onClick={() => setSheet('unlock')}>
              {t.community.unlock(formatMoney(post.price))}
            </button>
          </div>
        ) : (
          <>
            <ImageGrid images={post.images} config={config} />
            {post.video ? (
              <div className="post-detail__video">
                {post.video.state === PostVideoState.Ready && post.lines.length > 0 ? (
                  renderVideo({
                    lines: post.lines,
                    poster: post.video.cover ? imageUrl(config, post.video.cover) : null,
                    title: post.content.slice(0, 40),
                  })
                ) : (
                  <>
                    <VideoCover video={post.video} config={config} />
                    <p className="post-detail__video-note">
                      {post.video.state === PostVideoState.Processing
                        ? t.community.processingHint
                        : post.video.state === PostVideoState.Failed
                          ? t.community.videoFailed
                          : t.community.needsNetwork}
                    </p>
                  </>
                )}
              </div>
            ) : null}
          </>
        )}
        <div className="post-detail__actions">
          <button
            type="button"
            className="post-card__stat"
            aria-pressed={post.liked}
            disabled={state.stale}
            onClick={() => toggleLike(post).catch(fail)}
          >
            <HeartIcon filled={post.liked} />
            <span>{post.liked ? t.community.liked : t.community.like}</span>
            <span data-testid="post-like-count">{formatCount(post.likeCount)}</span>
          </button>
          <a className="post-card__stat" href="#comments">
            <CommentIcon />
            <span>{t.community.comment}</span>
            <span data-testid="post-comment-count">{formatCount(post.commentCount + addedComments)}</span>
          </a>
          <button type="button" className="post-card__stat" onClick={() => void handleShare()}>
            {t.community.share}
          </button>
        </div>
      </article>
      <Comments
        postId={post.id}
        list={lists(commentsSource(post.id, userId))}
        config={config}
        canComment={!state.stale && !post.locked && post.state === PostState.Published}
        onAdded={() => setAddedComments((count) => count + 1)}
        draftStorage={draftStorage}
      />
      {sheet === 'report' ? <ReportSheet targetType="post" targetId={post.id} onClose={() => setSheet(null)} /> : null}
      {sheet === 'unlock'
        ? renderUnlock({
            title: t.community.unlockTitle,
            price: post.price,
            balance: post.balance,
            onConfirm: () => unlock(post.id),
            onUnlocked: () => {
              setSheet(null)
              void load()
            },
            onClose: () => setSheet(null),
          })
        : null}
    </main>
  )
}

/** The post's address on this app, for sharing. */
export function postUrl(id: number): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return `${origin}/community/postDetail?id=${id}`
}
