import { imageUrl, type ImageDomains } from '../../../core/contracts/domain.ts'
import { VipRequirement, type VideoCard as VideoCardData } from '../../../core/contracts/media.ts'
import { formatCount } from '../../../core/format/count.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { contentRoute } from '../../../core/links/content-route.ts'
import { t } from '../../lib/messages.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { AppLink } from './app-link.tsx'
import { formatDuration } from './format.ts'
import './catalogue.css'

/** Covers wider or taller than this are cropped, so one odd cover cannot stretch its row. */
const MIN_RATIO = 9 / 16
const MAX_RATIO = 2

export function coverRatio(video: Pick<VideoCardData, 'coverWidth' | 'coverHeight'>): number {
  const ratio = video.coverWidth > 0 && video.coverHeight > 0 ? video.coverWidth / video.coverHeight : 16 / 9
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio))
}

/** Membership labels: SVIP for the supreme tier, VIP for normal and dark. */
function vipBadge(vip: number): string | null {
  if (vip === VipRequirement.Supreme) return t.catalogue.svip
  if (vip === VipRequirement.Normal || vip === VipRequirement.Dark) return t.catalogue.vip
  return null
}

interface VideoCardProps {
  video: VideoCardData
  config: ImageDomains | null
  /** Heading level of the title inside its section (3 under a section's h2). */
  headingLevel?: 3 | 4
  /** Called once the cover is showing. */
  onCoverShown?: (image: HTMLImageElement) => void
}

/** One video: cover, badges, play count, duration and a two-line title, all one link to where it plays. */
function VideoCard({ video, config, headingLevel = 3, onCoverShown }: VideoCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  const badge = vipBadge(video.vip)
  const plays = formatCount(video.playCount)
  return (
    <AppLink path={contentRoute(video)} className="video-card">
      <span className="video-card__cover">
        <LazyImage
          src={imageUrl(config, video.cover)}
          alt={video.title}
          ratio={coverRatio(video)}
          onShown={onCoverShown}
        />
        {badge ? <span className="video-card__badge video-card__badge--vip">{badge}</span> : null}
        {video.price > 0 ? (
          <span className="video-card__badge video-card__badge--price">
            {t.catalogue.price(formatMoney(video.price))}
          </span>
        ) : null}
        <span className="video-card__meta">
          <span aria-label={t.catalogue.plays(plays)}>
            <PlayIcon /> {plays}
          </span>
          <span aria-label={t.catalogue.duration(formatDuration(video.duration))}>
            {formatDuration(video.duration)}
          </span>
        </span>
      </span>
      <Heading className="video-card__title">{video.title}</Heading>
    </AppLink>
  )
}

function PlayIcon() {
  return (
    <svg className="video-card__icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  )
}

export interface VideoGridProps {
  videos: readonly VideoCardData[]
  config: ImageDomains | null
  /** What the grid is, for screen readers (e.g. the section's title). */
  label?: string
  headingLevel?: 3 | 4
  /** Called once the first card's cover is showing. */
  onFirstCoverShown?: (image: HTMLImageElement) => void
}

/** Videos in a grid: two columns on phones, more where the column is wider. */
export function VideoGrid({ videos, config, label, headingLevel, onFirstCoverShown }: VideoGridProps) {
  return (
    <ul className="video-grid" aria-label={label}>
      {videos.map((video, index) => (
        <li key={`${video.contentType}:${video.id}`} className="video-grid__item">
          <VideoCard
            video={video}
            config={config}
            headingLevel={headingLevel}
            onCoverShown={index === 0 ? onFirstCoverShown : undefined}
          />
        </li>
      ))}
    </ul>
  )
}

/** Grey cards in the grid's shape while the first page loads. */
export function VideoGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="video-grid" role="status" aria-label={t.common.loading}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="video-card video-card--skeleton" aria-hidden="true">
          <span className="video-card__cover" />
          <span className="video-card__title-bar" />
          <span className="video-card__title-bar video-card__title-bar--short" />
        </div>
      ))}
    </div>
  )
}
