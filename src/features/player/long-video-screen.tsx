import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState, type ReactNode } from 'react'
import { imageUrl, type ImageDomains } from '../../../core/contracts/domain.ts'
import type { VideoCard } from '../../../core/contracts/media.ts'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import { formatCount } from '../../../core/format/count.ts'
import { formatDate } from '../../../core/format/date.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-watch.ts'
import { ErrorState } from '../../ui/state-views.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { playAtoms, type PlayAtoms } from './atoms.ts'
import { PlayStage, type PlayStageProps } from './play-stage.tsx'
import { UnlockSheet } from './unlock-sheet.tsx'
import { usePlayVideo } from './use-play-video.ts'
import './player.css'

export interface LongVideoScreenProps {
  id: number | undefined
  config: ImageDomains | null
  /** The related videos as the catalogue shows them (the route passes its VideoGrid). */
  renderRelated(videos: readonly VideoCard[]): ReactNode
  playerOptions?: PlayStageProps['playerOptions']
}

/** /play/longVideo: the player or its lock, then the video's title, counts, marks, tags, description and related videos. */
export function LongVideoScreen({ id, config, renderRelated, playerOptions }: LongVideoScreenProps) {
  const [atoms] = useState(() => (id === undefined ? null : playAtoms(id)))
  if (!atoms) {
    return (
      <div className="play-page">
        <PageHeader title={t.pages.longVideo} />
        <ErrorState message={t.player.videoMissing} />
      </div>
    )
  }
  return <PlayPage atoms={atoms} config={config} renderRelated={renderRelated} playerOptions={playerOptions} />
}

function PlayPage({
  atoms,
  config,
  renderRelated,
  playerOptions,
}: {
  atoms: PlayAtoms
  config: ImageDomains | null
  renderRelated(videos: readonly VideoCard[]): ReactNode
  playerOptions: PlayStageProps['playerOptions']
}) {
  const { state, reload, report, sheetOpen, openSheet, closeSheet, unlock, handleUnlocked } = usePlayVideo(atoms)

  if (state.status !== 'success') {
    return <PlayPageStatus title={t.pages.longVideo} state={state} onRetry={reload} />
  }

  const view = state.data
  const { video } = view.info
  return (
    <div className="play-page">
      <PageHeader title={t.pages.longVideo} />
      <PlayStage
        view={view}
        cover={imageUrl(config, video.cover)}
        price={video.price}
        onProgress={report}
        onUnlock={openSheet}
        onRetry={reload}
        playerOptions={playerOptions}
      />
      <VideoInfo info={view.info} atoms={atoms} disabled={view.stale} />
      {view.info.related.length > 0 ? (
        <section className="play-page__related" aria-labelledby="play-related">
          <h2 id="play-related" className="play-page__heading">
            {t.player.related}
          </h2>
          {renderRelated(view.info.related)}
        </section>
      ) : null}
      {sheetOpen ? (
        <UnlockSheet
          title={t.player.unlockTitle}
          price={video.price}
          balance={view.info.balance}
          onConfirm={() => unlock({ kind: 'video', id: video.id })}
          onUnlocked={handleUnlocked}
          onClose={closeSheet}
        />
      ) : null}
    </div>
  )
}

/** A play page before its data: the header over a skeleton, or the error with a retry. */
export function PlayPageStatus({
  title,
  state,
  onRetry,
}: {
  title: string
  state: { status: 'idle' | 'loading' } | { status: 'error'; message: string }
  onRetry: () => void
}) {
  return (
    <div className="play-page">
      <PageHeader title={title} />
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={onRetry} /> : <PlaySkeleton />}
    </div>
  )
}

export function PlaySkeleton() {
  return (
    <div className="play-skeleton" role="status" aria-label={t.common.loading}>
      <span className="play-skeleton__stage" aria-hidden="true" />
      <span className="play-skeleton__line" aria-hidden="true" />
      <span className="play-skeleton__line play-skeleton__line--short" aria-hidden="true" />
    </div>
  )
}

/** Descriptions longer than this start folded. */
const FOLDED_DESCRIPTION = 60

export function VideoInfo({ info, atoms, disabled }: { info: PlayInfo; atoms: PlayAtoms; disabled: boolean }) {
  const { video } = info
  const busy = useAtomValue(atoms.busyAtom)
  const toggleLike = useSetAtom(atoms.toggleLikeAtom)
  const toggleFavourite = useSetAtom(atoms.toggleFavouriteAtom)
  const toast = useSetAtom(showToastAtom)
  const [expanded, setExpanded] = useState(false)
  const descriptionId = useId()
  const foldable = video.description.length > FOLDED_DESCRIPTION

  const run = (action: () => Promise<void>) => {
    action().catch((error: unknown) => toast(errorMessage(error) || t.player.actionFailed))
  }
  return (
    <section className="video-info">
      <h2 className="video-info__title">{video.title}</h2>
      <p className="video-info__meta">
        <span>{t.player.plays(formatCount(video.playCount))}</span>
        {video.publishedAt > 0 ? <span>{formatDate(video.publishedAt).slice(0, 10)}</span> : null}
      </p>
      <div className="video-info__actions">
        <button
          type="button"
          className="video-info__action"
          aria-pressed={info.liked}
          disabled={disabled}
          aria-busy={busy.like}
          onClick={() => run(toggleLike)}
        >
          <HeartIcon filled={info.liked} />
          <span>{info.liked ? t.player.liked : t.player.like}</span>
          <span className="video-info__count" data-testid="like-count">
            {formatCount(video.likeCount)}
          </span>
        </button>
        <button
          type="button"
          className="video-info__action"
          aria-pressed={info.favourited}
          disabled={disabled}
          aria-busy={busy.favourite}
          onClick={() => run(toggleFavourite)}
        >
          <StarIcon filled={info.favourited} />
          <span>{info.favourited ? t.player.favourited : t.player.favourite}</span>
        </button>
      </div>
      {video.tags.length > 0 ? (
        <ul className="video-info__tags" aria-label={t.player.tags}>
          {video.tags.map((tag) => (
            <li key={tag.id}>
              <Link to="/subpage/labelPage" search={{ id: tag.id, name: tag.name }} className="video-info__tag">
                #{tag.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="video-info__description" aria-label={t.player.description} role="group">
        <p id={descriptionId} className="video-info__text" data-folded={(foldable && !expanded) || undefined}>
          {video.description || t.player.noDescription}
        </p>
        {foldable ? (
          <button
            type="button"
            className="video-info__more"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? t.player.collapse : t.player.expand}
          </button>
        ) : null}
      </div>
    </section>
  )
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  )
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  )
}
