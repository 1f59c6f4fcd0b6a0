import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { memo, useEffect, useRef, useState } from 'react'
import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import type { VideoCard } from '../../../core/contracts/media.ts'
import { formatCount } from '../../../core/format/count.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { attachHlsSource, type LoadHls } from '../../lib/hls-source.ts'
import { t } from '../../lib/messages-watch.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { muteForAutoplayAtom } from './muted.ts'
import {
  loadPlayInfoAtom,
  playEntryAtomFor,
  reactionAtomFor,
  reportTrackAtom,
  toggleFavouriteAtom,
  toggleLikeAtom,
} from './play-state.ts'

export interface SlideProps {
  video: VideoCard
  index: number
  /** On screen (at least 60 % visible). */
  active: boolean
  /** Its stream is attached: the active slide and its neighbours, so the next one is buffered ahead. */
  attached: boolean
  /** Active, not paused by the user, the page shown. */
  playing: boolean
  muted: boolean
  config: { domain: readonly DomainEntry[] } | null
  loadHls: LoadHls
  now(): number
  onTogglePause(): void
}

/** One short video: its stream (while near the screen), cover, title, tags, like and favourite. */
export const ShortSlide = memo(function ShortSlide(props: SlideProps) {
  const { video, index, active, attached, playing, config } = props
  const entry = useAtomValue(playEntryAtomFor(video.id))
  const reaction = useAtomValue(reactionAtomFor(video.id))
  const loadPlayInfo = useSetAtom(loadPlayInfoAtom)
  const toggleLike = useSetAtom(toggleLikeAtom)
  const toggleFavourite = useSetAtom(toggleFavouriteAtom)
  const { now } = props

  useEffect(() => {
    if (attached) void loadPlayInfo({ id: video.id, now: now() })
  }, [attached, video.id, loadPlayInfo, now])

  const info = entry?.info ?? null
  const locked = info !== null && info.lock !== 'none'
  const cover = imageUrl(config, video.cover)
  const ratio = video.coverWidth > 0 && video.coverHeight > 0 ? video.coverWidth / video.coverHeight : 9 / 16

  return (
    <article
      className={active ? 'short is-active' : 'short'}
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={-1}
      aria-label={video.title}
    >
      <div className="short__stage">
        <span className="short__cover" style={{ aspectRatio: String(ratio) }}>
          <LazyImage src={cover} alt="" ratio={ratio} />
        </span>
        {info !== null && !locked && attached ? (
          <ShortPlayer {...props} lines={info.lines.map((line) => line.url)} />
        ) : null}
        {locked ? (
          <div className="short__lock">
            <p>{t.shorts.locked}</p>
            <Link to="/play/longVideo" search={{ id: video.id }} className="button">
              {info.lock === 'price' ? t.shorts.unlockPrice(formatMoney(video.price)) : t.shorts.unlockVip}
            </Link>
          </div>
        ) : null}
        {entry?.status === 'error' && info === null && active ? (
          <div className="short__lock" role="alert">
            <p>{entry.error ?? t.shorts.playFailed}</p>
            <button type="button" className="button" onClick={() => void loadPlayInfo({ id: video.id, now: now() })}>
              {t.common.retry}
            </button>
          </div>
        ) : null}
        {info !== null && !locked && active && !playing ? (
          <span className="short__paused" aria-hidden="true">
            ▶
          </span>
        ) : null}
      </div>
      <div className="short__info">
        <h2 className="short__title">{video.title}</h2>
        {video.tags.length > 0 ? (
          <ul className="short__tags">
            {video.tags.map((tag) => (
              <li key={tag.id}>
                <Link to="/subpage/labelPage" search={{ id: tag.id, name: tag.name }} className="short__tag">
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="short__actions">
        <button
          type="button"
          className={reaction?.liked ? 'short__action is-on' : 'short__action'}
          aria-pressed={reaction?.liked ?? false}
          aria-label={t.shorts.like}
          disabled={reaction === null}
          onClick={() => void toggleLike(video.id)}
        >
          <span aria-hidden="true">♥</span>
          <span className="short__count">{formatCount(reaction?.likeCount ?? video.likeCount)}</span>
        </button>
        <button
          type="button"
          className={reaction?.favourited ? 'short__action is-on' : 'short__action'}
          aria-pressed={reaction?.favourited ?? false}
          aria-label={t.shorts.favourite}
          disabled={reaction === null}
          onClick={() => void toggleFavourite(video.id)}
        >
          <span aria-hidden="true">★</span>
          <span className="short__count">{reaction?.favourited ? t.shorts.favourited : t.shorts.favourite}</span>
        </button>
      </div>
    </article>
  )
})

/** The <video> of a playable slide: attached to its first working line, playing only while `playing`. */
function ShortPlayer({
  video,
  active,
  playing,
  muted,
  loadHls,
  onTogglePause,
  lines,
}: SlideProps & { lines: readonly string[] }) {
  const element = useRef<HTMLVideoElement>(null)
  const [line, setLine] = useState(0)
  const [hasPicture, setHasPicture] = useState(false)
  const muteForAutoplay = useSetAtom(muteForAutoplayAtom)
  const reportTrack = useSetAtom(reportTrackAtom)
  const url = lines[line] ?? null

  useEffect(() => {
    const el = element.current
    if (!el || url === null) return
    // A line that fails, whatever the failure, hands over to the next one (the config's lines are mirrors).
    return attachHlsSource(el, url, { loadHls, onFatal: () => setLine((current) => current + 1) })
  }, [url, loadHls])

  useEffect(() => {
    const el = element.current
    if (el) el.muted = muted
  }, [muted])

  useEffect(() => {
    const el = element.current
    if (!el || url === null) return
    if (!playing) {
      el.pause()
      return
    }
    el.play().catch((error: unknown) => {
      // Autoplay with sound needs a gesture: play muted rather than not at all.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !el.muted) {
        el.muted = true
        muteForAutoplay()
        el.play().catch(() => undefined)
      }
    })
    // Leaving the page (the tab is kept alive, hidden) or the slide pauses it.
    return () => el.pause()
  }, [playing, url, muteForAutoplay])

  // One play counted per viewing of the slide; where the user got to when it leaves the screen.
  useEffect(() => {
    const el = element.current
    if (!el || !active || url === null) return
    let started = false
    const handlePlaying = () => {
      if (started) return
      started = true
      void reportTrack({ id: video.id, position: el.currentTime, started: true })
    }
    el.addEventListener('playing', handlePlaying)
    return () => {
      el.removeEventListener('playing', handlePlaying)
      if (started) void reportTrack({ id: video.id, position: el.currentTime, started: false })
    }
  }, [active, url, video.id, reportTrack])

  if (url === null) {
    // No line at all (nothing to stream yet), or every line failed.
    return (
      <div className="short__lock" role={lines.length === 0 ? undefined : 'alert'}>
        <p>{lines.length === 0 ? t.shorts.noStream : t.shorts.playFailed}</p>
      </div>
    )
  }
  return (
    <>
      <video
        ref={element}
        // Once it has a frame it hides the cover behind it, whose shape may differ from the video's.
        className={hasPicture ? 'short__video has-picture' : 'short__video'}
        onLoadedData={() => setHasPicture(true)}
        playsInline
        loop
        muted={muted}
        preload="auto"
        aria-label={video.title}
      />
      {active ? (
        <button
          type="button"
          className="short__tap"
          aria-label={playing ? t.shorts.pause : t.shorts.play}
          onClick={onTogglePause}
        />
      ) : null}
    </>
  )
}
