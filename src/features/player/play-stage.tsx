import { Link, useLocation } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { formatMoney } from '../../../core/format/money.ts'
import { t } from '../../lib/messages-watch.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import type { PlayView } from './atoms.ts'
import { linesKey } from './lines.ts'
import type { ProgressReport } from './progress.ts'
import { usePoster } from './use-poster.ts'
import { VideoPlayer, type VideoPlayerProps } from './video-player.tsx'
import './player.css'

export interface PlayStageProps {
  view: PlayView
  /** The cover's image URL (under the config's IMAGE domain). */
  cover: string
  onProgress(report: ProgressReport): void
  /** Opens the unlock sheet. */
  onUnlock(): void
  /** What the unlock button says (a collection unlocks the whole collection). */
  unlockLabel?: string
  /** Price shown on the lock (the video's, or its collection's). */
  price: number
  onRetry(): void
  /** Test seams of the player. */
  playerOptions?: Pick<VideoPlayerProps, 'attach'>
}

/**
 * What stands where the video plays: the player, or the cover with why it does not play —
 * offline (需要联网才能播放), bought for diamonds (unlock), or a membership (link to /mine/vip).
 * A priced video with a preview plays it first (试看 N 秒, unlock at hand), then shows 试看结束.
 */
export function PlayStage({
  view,
  cover,
  onProgress,
  onUnlock,
  unlockLabel,
  price,
  onRetry,
  playerOptions,
}: PlayStageProps) {
  const { info } = view
  const [previewEnded, setPreviewEnded] = useState(false)
  const poster = usePoster(cover)
  // The membership purchase comes back here once paid (features/payments).
  const here = useLocation({ select: (location) => location.href })
  const title = info.video.title

  if (view.stale) {
    return (
      <CoverFrame cover={cover} title={title}>
        <p className="player__overlay-text">{t.player.needsNetwork}</p>
        <p className="player__overlay-hint">{t.player.needsNetworkHint}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t.common.retry}
        </button>
      </CoverFrame>
    )
  }

  if (info.lock === 'vip') {
    return (
      <CoverFrame cover={cover} title={title} locked>
        <p className="player__overlay-text">{t.player.vipRequired}</p>
        <p className="player__overlay-hint">{t.player.vipRequiredHint}</p>
        <Link to="/mine/vip" search={{ from: here }} className="button">
          {t.player.openVip}
        </Link>
      </CoverFrame>
    )
  }

  if (info.lock === 'price') {
    const canPreview = info.previewSeconds > 0 && info.previewLines.length > 0 && !previewEnded
    const lock = (
      <>
        <p className="player__overlay-text">{previewEnded ? t.player.previewEnded : t.player.locked}</p>
        <p className="player__overlay-hint">{t.player.lockedHint(formatMoney(price))}</p>
        <button type="button" className="button" onClick={onUnlock}>
          {unlockLabel ?? t.player.unlock}
        </button>
      </>
    )
    if (!canPreview) {
      return (
        <CoverFrame cover={cover} title={title} locked>
          {lock}
        </CoverFrame>
      )
    }
    const seconds = Math.max(1, Math.round(info.previewSeconds))
    return (
      <VideoPlayer
        key={linesKey(info.previewLines)}
        lines={info.previewLines}
        startAt={0}
        poster={poster}
        title={title}
        limitSeconds={info.previewSeconds}
        onLimit={() => setPreviewEnded(true)}
        badge={
          <>
            <span className="player__preview-text">{t.player.previewHint(seconds)}</span>
            <button type="button" className="player__preview-unlock" onClick={onUnlock}>
              {unlockLabel ?? t.player.unlock}
            </button>
          </>
        }
        {...playerOptions}
      />
    )
  }

  // No stream yet (still being made, or none uploaded): nothing failed, so no line is blamed.
  if (info.lines.length === 0) {
    return (
      <CoverFrame cover={cover} title={title}>
        <p className="player__overlay-text">{t.player.noLines}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t.common.retry}
        </button>
      </CoverFrame>
    )
  }

  return (
    <VideoPlayer
      key={linesKey(info.lines)}
      lines={info.lines}
      startAt={info.resumeAt}
      poster={poster}
      title={title}
      onProgress={onProgress}
      {...playerOptions}
    />
  )
}

function CoverFrame({
  cover,
  title,
  locked = false,
  children,
}: {
  cover: string
  title: string
  locked?: boolean
  children: ReactNode
}) {
  return (
    <div className="player">
      <div className="player__stage">
        <LazyImage src={cover} alt={title} ratio={16 / 9} className="player__cover" />
        <div className="player__overlay" data-locked={locked || undefined}>
          {locked ? <LockIcon /> : null}
          {children}
        </div>
      </div>
    </div>
  )
}

function LockIcon() {
  return (
    <svg className="player__lock" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
      <path
        d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z"
        fill="currentColor"
      />
    </svg>
  )
}
