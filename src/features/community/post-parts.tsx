import { Link } from '@tanstack/react-router'
import type { Author, PostCard, PostVideo } from '../../../core/contracts/community.ts'
import { PostVideoState } from '../../../core/contracts/community-rules.ts'
import { imageUrl, type ImageDomains } from '../../../core/contracts/domain.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { t } from '../../lib/messages-community.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'

/** A video's length: `m:ss`, `h:mm:ss` from an hour. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The avatar over the nickname's first letter, which shows without one. */
export function Avatar({
  author,
  config,
  size = 'small',
}: {
  author: Author
  config: ImageDomains | null
  size?: 'small' | 'large'
}) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      <span className="avatar__letter">{Array.from(author.nickname)[0] ?? '?'}</span>
      {author.avatar ? (
        <LazyImage className="avatar__image" src={imageUrl(config, author.avatar)} alt="" ratio={1} />
      ) : null}
    </span>
  )
}

/** Avatar and nickname, one link to the creator's page. */
export function AuthorLink({ author, config }: { author: Author; config: ImageDomains | null }) {
  return (
    <Link
      to="/community/upInfo"
      search={{ id: author.id }}
      className="author-link"
      aria-label={t.community.author(author.nickname)}
    >
      <Avatar author={author} config={config} />
      <span className="author-link__name">{author.nickname}</span>
    </Link>
  )
}

/** 🔒 and the price of a priced post. */
export function PriceBadge({ price }: { price: number }) {
  return (
    <span className="price-badge">
      <span aria-hidden="true">🔒 </span>
      {t.community.lockedPrice(formatMoney(price))}
    </span>
  )
}

/** What unlocking shows: the rest of the text, N images, the video. */
export function lockedParts(post: Pick<PostCard, 'truncated' | 'imageCount' | 'hasVideo'>): string {
  const parts = [
    post.truncated ? t.community.lockedText : null,
    post.imageCount > 0 ? t.community.lockedImages(post.imageCount) : null,
    post.hasVideo ? t.community.lockedVideo : null,
  ].filter((part): part is string => part !== null)
  return parts.join('、')
}

/** A video's cover as a card shows it: the duration, or 处理中 / 视频处理失败 over a blank frame. */
export function VideoCover({ video, config }: { video: PostVideo; config: ImageDomains | null }) {
  const ratio =
    video.coverWidth > 0 && video.coverHeight > 0
      ? Math.min(16 / 9, Math.max(3 / 4, video.coverWidth / video.coverHeight))
      : 16 / 9
  return (
    <span className="video-cover" data-state={video.state}>
      {video.cover ? (
        <LazyImage src={imageUrl(config, video.cover)} alt="" ratio={ratio} />
      ) : (
        <span className="video-cover__blank" style={{ aspectRatio: ratio }} />
      )}
      {video.state === PostVideoState.Processing ? (
        <span className="video-cover__badge">{t.community.processing}</span>
      ) : video.state === PostVideoState.Failed ? (
        <span className="video-cover__badge video-cover__badge--failed">{t.community.videoFailed}</span>
      ) : (
        <>
          <span className="video-cover__play" aria-hidden="true">
            ▶
          </span>
          <span className="video-cover__duration" aria-label={t.community.videoLabel(formatDuration(video.duration))}>
            {formatDuration(video.duration)}
          </span>
        </>
      )}
    </span>
  )
}

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  )
}

export function CommentIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  )
}
