import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { memo } from 'react'
import type { PostCard as PostCardData } from '../../../core/contracts/community.ts'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import { formatCount } from '../../../core/format/count.ts'
import { relativeTime } from '../../../core/format/relative-time.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-community.ts'
import { showToastAtom } from '../../ui/toast.tsx'
import { postMarksViewAtom, togglePostLikeAtom, withMark } from './atoms.ts'
import { FoldedText } from './folded-text.tsx'
import { ImageGrid } from './image-grid.tsx'
import { AuthorLink, CommentIcon, HeartIcon, lockedParts, PriceBadge, VideoCover } from './post-parts.tsx'
import './community.css'

export interface PostCardProps {
  post: PostCardData
  config: ImageDomains | null
  /** Unix seconds, for 「N分钟前」. */
  now: number
}

/**
 * One post in a list: author (a link to their page) and when, the text folded past five lines,
 * the images (a tap opens the viewer) or the video's cover, a locked post's price and what
 * unlocking shows (never its images), and like and comment counts. The text and the cover open
 * the post.
 */
export const PostCard = memo(function PostCard({ post: fetched, config, now }: PostCardProps) {
  const post = withMark(fetched, useAtomValue(postMarksViewAtom))
  const toggleLike = useSetAtom(togglePostLikeAtom)
  const toast = useSetAtom(showToastAtom)
  const detail = { to: '/community/postDetail', search: { id: post.id } } as const
  const handleLike = () => {
    toggleLike(post).catch((error: unknown) => toast(errorMessage(error) || t.community.actionFailed))
  }
  return (
    <article className="post-card">
      <header className="post-card__head">
        <AuthorLink author={post.author} config={config} />
        <span className="post-card__time">{relativeTime(post.createdAt, now)}</span>
        {post.price > 0 ? <PriceBadge price={post.price} /> : null}
      </header>
      <FoldedText
        text={post.content + (post.truncated ? '…' : '')}
        wrapBody={(body) => (
          <Link {...detail} className="post-card__text-link">
            {body}
          </Link>
        )}
      />
      {post.locked ? (
        <Link {...detail} className="post-card__locked">
          <PriceBadge price={post.price} />
          <span>{t.community.lockedSummary(lockedParts(post))}</span>
        </Link>
      ) : (
        <>
          <ImageGrid images={post.images} config={config} />
          {post.video ? (
            <Link {...detail} className="post-card__video">
              <VideoCover video={post.video} config={config} />
            </Link>
          ) : null}
        </>
      )}
      <footer className="post-card__stats">
        <button
          type="button"
          className="post-card__stat"
          aria-pressed={post.liked}
          aria-label={`${post.liked ? t.community.liked : t.community.like} ${t.community.likes(formatCount(post.likeCount))}`}
          onClick={handleLike}
        >
          <HeartIcon filled={post.liked} />
          <span>{formatCount(post.likeCount)}</span>
        </button>
        <Link
          {...detail}
          hash="comments"
          className="post-card__stat"
          aria-label={t.community.comments(formatCount(post.commentCount))}
        >
          <CommentIcon />
          <span>{formatCount(post.commentCount)}</span>
        </Link>
      </footer>
    </article>
  )
})

/** The cards of a list. */
export function PostCards({
  posts,
  config,
  now,
  label,
}: {
  posts: readonly PostCardData[]
  config: ImageDomains | null
  now: number
  label?: string
}) {
  return (
    <ul className="post-cards" aria-label={label ?? t.community.posts}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} config={config} now={now} />
        </li>
      ))}
    </ul>
  )
}

/** Grey cards in the cards' shape while the first page loads. */
export function PostCardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="post-cards" role="status" aria-label={t.common.loading}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="post-card post-card--skeleton" aria-hidden="true">
          <span className="post-card__skeleton-head" />
          <span className="post-card__skeleton-line" />
          <span className="post-card__skeleton-line post-card__skeleton-line--short" />
          <span className="post-card__skeleton-block" />
        </div>
      ))}
    </div>
  )
}
