/** Seconds of playback between two progress reports while a video plays. */
const REPORT_EVERY_SECONDS = 10

export interface ProgressReport {
  /** Whole seconds into the video. */
  position: number
  /** True on the first report of this viewing: the server counts one play. */
  started: boolean
}

/**
 * When the player tells media/trackList where the user got to: once playback first starts
 * (started: true), then every 10 s of position moved (played or sought), and on pause and on
 * leaving. Positions follow the video's own clock, so nothing here needs a timer.
 */
export class ProgressTracker {
  private started = false
  private lastReported: number | null = null

  /** Playback began or resumed. */
  play(position: number): ProgressReport | null {
    if (this.started) return null
    this.started = true
    return this.report(position, true)
  }

  /** The video's time moved (timeupdate). */
  time(position: number): ProgressReport | null {
    if (!this.started || this.lastReported === null) return null
    return Math.abs(position - this.lastReported) >= REPORT_EVERY_SECONDS ? this.report(position, false) : null
  }

  /** Paused, ended, or the viewer leaves: report unless this position was just reported. */
  stop(position: number): ProgressReport | null {
    if (!this.started) return null
    return Math.floor(position) === this.lastReported ? null : this.report(position, false)
  }

  private report(position: number, started: boolean): ProgressReport {
    const whole = Number.isFinite(position) && position > 0 ? Math.floor(position) : 0
    this.lastReported = whole
    return { position: whole, started }
  }
}
