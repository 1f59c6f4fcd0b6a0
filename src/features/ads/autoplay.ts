import { useEffect } from 'react'

/** The carousel moves on every 3 s. */
export const AUTOPLAY_DELAY_MS = 3000

/** Why autoplay is held: the page is hidden, a finger or pointer is on it, or focus is inside it. */
type PauseReason = 'hidden' | 'pointer' | 'focus'

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: never): void
}

export interface Autoplay {
  /** Holds autoplay for a reason; it runs again once every reason is gone. */
  pause(reason: PauseReason): void
  /** Drops a reason; when none is left, the next slide comes a full delay later. */
  resume(reason: PauseReason): void
  /** Starts the delay over (after the user picked a slide). */
  restart(): void
  stop(): void
  readonly paused: boolean
}

/** Calls `advance` every `delay` ms while nothing holds it. */
export function createAutoplay(
  advance: () => void,
  delay = AUTOPLAY_DELAY_MS,
  timers: Timers = globalThis as unknown as Timers,
): Autoplay {
  const reasons = new Set<PauseReason>()
  let handle: unknown = null
  let stopped = false

  const clear = () => {
    if (handle !== null) timers.clearTimeout(handle as never)
    handle = null
  }
  const schedule = () => {
    clear()
    if (stopped || reasons.size > 0) return
    handle = timers.setTimeout(() => {
      handle = null
      advance()
      schedule()
    }, delay)
  }
  schedule()

  return {
    pause(reason) {
      reasons.add(reason)
      clear()
    },
    resume(reason) {
      if (!reasons.delete(reason)) return
      if (reasons.size === 0) schedule()
    },
    restart() {
      if (handle !== null) schedule()
    },
    stop() {
      stopped = true
      clear()
    },
    get paused() {
      return stopped || reasons.size > 0
    },
  }
}

/** What useAutoplay needs of an embla carousel (EmblaCarouselType fits). */
export interface CarouselLike {
  scrollNext(): void
  rootNode(): HTMLElement
  on(event: 'pointerDown' | 'pointerUp' | 'select', callback: () => void): unknown
  off(event: 'pointerDown' | 'pointerUp' | 'select', callback: () => void): unknown
}

/**
 * Autoplay for an embla carousel: a slide every `delay` ms, held while the page is
 * hidden (visibilitychange), while a pointer or finger drags it, and while focus is inside it
 * (keyboard users reading a slide), then running again a full delay later.
 */
export function useAutoplay(
  carousel: CarouselLike | undefined,
  enabled: boolean,
  delay = AUTOPLAY_DELAY_MS,
  doc: Document = document,
): void {
  useEffect(() => {
    if (!carousel || !enabled) return
    const autoplay = createAutoplay(() => carousel.scrollNext(), delay)
    const root = carousel.rootNode()
    const handleVisibility = () =>
      doc.visibilityState === 'hidden' ? autoplay.pause('hidden') : autoplay.resume('hidden')
    const handlePointerDown = () => autoplay.pause('pointer')
    const handlePointerUp = () => autoplay.resume('pointer')
    const handleFocusIn = () => autoplay.pause('focus')
    const handleFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) autoplay.resume('focus')
    }
    const handleSelect = () => autoplay.restart()
    handleVisibility()
    doc.addEventListener('visibilitychange', handleVisibility)
    carousel.on('pointerDown', handlePointerDown)
    carousel.on('pointerUp', handlePointerUp)
    carousel.on('select', handleSelect)
    root.addEventListener('focusin', handleFocusIn)
    root.addEventListener('focusout', handleFocusOut)
    return () => {
      autoplay.stop()
      doc.removeEventListener('visibilitychange', handleVisibility)
      carousel.off('pointerDown', handlePointerDown)
      carousel.off('pointerUp', handlePointerUp)
      carousel.off('select', handleSelect)
      root.removeEventListener('focusin', handleFocusIn)
      root.removeEventListener('focusout', handleFocusOut)
    }
  }, [carousel, enabled, delay, doc])
}
