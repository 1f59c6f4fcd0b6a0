import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { PlayLine } from '../../../core/contracts/play.ts'
import { attachHlsSource, type SourceFailure } from '../../lib/hls-source.ts'
import { t } from '../../lib/messages-watch.ts'
import { nextLine } from './lines.ts'
import { ProgressTracker, type ProgressReport } from './progress.ts'
import './player.css'

export interface VideoPlayerProps {
  lines: readonly PlayLine[]
  /** Seconds to resume at. */
  startAt: number
  poster: string | null
  title: string
  onProgress?(report: ProgressReport): void
  /**
   * A locked video's preview: playback stops here and `onLimit` is called — also when the
   * preview's own playlist ends first (its segments may end a few frames short of the limit).
   */
  limitSeconds?: number
  onLimit?(): void
  /** Shown over the picture's top corner (the preview's hint). */
  badge?: ReactNode
  /** Replaced in tests. */
  attach?: typeof attachHlsSource
}

interface LineState {
  index: number
  failed: ReadonlySet<number>
  problem: SourceFailure | 'all-failed' | null
  /** Bumped to attach the same URL again (retry). */
  attempt: number
}

/**
 * The <video> with its stream lines: plays the chosen line (native HLS or hls.js), falls back to
 * the next line on a network failure and says so clearly once every line has failed; a chip row
 * switches lines by hand, keeping the position. Reports progress for resuming (media/trackList).
 */
export function VideoPlayer({
  lines,
  startAt,
  poster,
  title,
  onProgress,
  limitSeconds,
  onLimit,
  badge,
  attach = attachHlsSource,
}: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<LineState>({ index: 0, failed: new Set(), problem: null, attempt: 0 })
  /** Where to start when a source is attached: the resume point, then wherever playback got to. */
  const position = useRef(startAt)
  const shouldPlay = useRef(true)
  const tracker = useRef<ProgressTracker | null>(null)
  tracker.current ??= new ProgressTracker()
  const progress = useRef(onProgress)
  const limit = useRef({ seconds: limitSeconds, onLimit })
  useEffect(() => {
    progress.current = onProgress
    limit.current = { seconds: limitSeconds, onLimit }
  })

  const url = lines[state.index]?.url ?? null

  useEffect(() => {
    const element = video.current
    if (!element || url === null) return
    const handleFatal = (failure: SourceFailure) => {
      if (element.currentTime > 0) position.current = element.currentTime
      setState((current) => {
        if (failure !== 'network') return { ...current, problem: failure }
        const failed = new Set(current.failed).add(current.index)
        const next = nextLine(lines.length, current.index, failed)
        return next === null
          ? { ...current, failed, problem: 'all-failed' }
          : { ...current, index: next, failed, problem: null }
      })
    }
    return attach(element, url, {
      startAt: position.current,
      onFatal: handleFatal,
      // Autoplay may be refused (no user gesture yet); the native controls remain.
      onAttached: () => {
        if (shouldPlay.current) element.play()?.catch(() => undefined)
      },
    })
  }, [url, state.attempt, lines.length, attach])

  useEffect(() => {
    const element = video.current
    if (!element) return
    const send = (report: ProgressReport | null | undefined) => {
      if (report) progress.current?.(report)
    }
    const handlePlaying = () => {
      shouldPlay.current = true
      send(tracker.current?.play(element.currentTime))
    }
    const handleTime = () => {
      const { seconds, onLimit: reachLimit } = limit.current
      if (seconds !== undefined && element.currentTime >= seconds) {
        element.pause()
        reachLimit?.()
        return
      }
      if (element.currentTime > 0) position.current = element.currentTime
      send(tracker.current?.time(element.currentTime))
    }
    const handleStop = () => {
      if (element.paused && !element.ended) shouldPlay.current = false
      send(tracker.current?.stop(element.currentTime))
    }
    const handleEnded = () => {
      const { seconds, onLimit: reachLimit } = limit.current
      if (seconds !== undefined) reachLimit?.()
      else handleStop()
    }
    const handleHide = () => {
      if (document.visibilityState === 'hidden') send(tracker.current?.stop(position.current))
    }
    element.addEventListener('playing', handlePlaying)
    element.addEventListener('timeupdate', handleTime)
    element.addEventListener('pause', handleStop)
    element.addEventListener('ended', handleEnded)
    document.addEventListener('visibilitychange', handleHide)
    return () => {
      element.removeEventListener('playing', handlePlaying)
      element.removeEventListener('timeupdate', handleTime)
      element.removeEventListener('pause', handleStop)
      element.removeEventListener('ended', handleEnded)
      document.removeEventListener('visibilitychange', handleHide)
      // Leaving the page: where the viewer got to.
      send(tracker.current?.stop(position.current))
    }
  }, [])

  const handlePick = (index: number) => {
    if (index === state.index && state.problem === null) return
    const element = video.current
    if (element && element.currentTime > 0) position.current = element.currentTime
    setState((current) => ({ index, failed: new Set(), problem: null, attempt: current.attempt + 1 }))
  }
  const handleRetry = () => {
    setState((current) => ({ index: current.index, failed: new Set(), problem: null, attempt: current.attempt + 1 }))
  }

  const message =
    state.problem === 'all-failed'
      ? t.player.allLinesFailed
      : state.problem === 'unsupported'
        ? t.player.unsupported
        : state.problem === 'media'
          ? t.player.mediaFailed
          : null

  return (
    <div className="player">
      <div className="player__stage">
        <video
          ref={video}
          className="player__video"
          controls
          playsInline
          preload="metadata"
          poster={poster ?? undefined}
          aria-label={title}
        />
        {badge && !message ? <div className="player__badge">{badge}</div> : null}
        {message ? (
          <div className="player__overlay" role="alert">
            <p className="player__overlay-text">{message}</p>
            <button type="button" className="button" onClick={handleRetry}>
              {t.common.retry}
            </button>
          </div>
        ) : null}
      </div>
      {lines.length > 1 ? (
        <div className="player__lines" role="group" aria-label={t.player.lines}>
          {lines.map((line, index) => (
            <button
              key={line.url}
              type="button"
              className="player__line"
              aria-pressed={index === state.index}
              aria-label={index === state.index ? line.name : t.player.lineLabel(line.name)}
              data-failed={state.failed.has(index) || undefined}
              onClick={() => handlePick(index)}
            >
              {line.name}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
