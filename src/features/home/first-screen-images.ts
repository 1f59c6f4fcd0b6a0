import type { AppConfig } from '../../../core/contracts/config.ts'
import { imageUrl } from '../../../core/contracts/domain.ts'
import { homeCarouselAds } from '../ads/public.ts'

/** Covers of home's first section that a phone's first screen shows at most (a feature card and a row). */
const FIRST_COVERS = 3
/** How long the icon row waits for home's first cover before it loads anyway. */
export const FIRST_COVER_WAIT_MS = 2500

type HomeConfig = Pick<AppConfig, 'domain' | 'advertise'>

/** The cover keys of a media/home answer that the first screen shows: the first section's first ones. */
export function firstCoverKeys(answer: unknown, count = FIRST_COVERS): string[] {
  const sections = (answer as { sections?: unknown } | null)?.sections
  const videos = Array.isArray(sections) ? (sections[0] as { videos?: unknown } | undefined)?.videos : undefined
  if (!Array.isArray(videos)) return []
  return videos
    .map((video) => (video as { cover?: unknown } | null)?.cover)
    .filter((cover): cover is string => typeof cover === 'string' && cover !== '')
    .slice(0, count)
}

/** The image key of home's carousel's first slide, or null. */
export function firstSlideKey(config: HomeConfig): string | null {
  return homeCarouselAds(config)[0]?.image || null
}

export interface FirstScreenDeps {
  /** The config, or null before it is known. */
  config(): HomeConfig | null
  /** Starts loading one image URL; the lazy image asking for it later shares the result. */
  load(url: string): void
}

/**
 * Home's first screen's large images, loaded before React has built it and its lazy images'
 * observers have fired (on a slow phone most of a second later): the carousel's first slide once
 * the config is known, the first covers once media/home answers. A browser's preload scanner
 * would fetch such images first too.
 */
export function loadFirstSlide(deps: FirstScreenDeps): void {
  const config = deps.config()
  const key = config && firstSlideKey(config)
  if (key) deps.load(imageUrl(config, key))
}

export function loadFirstCovers(answer: unknown, deps: FirstScreenDeps): void {
  const config = deps.config()
  if (!config) return
  for (const key of firstCoverKeys(answer)) deps.load(imageUrl(config, key))
}

export interface FirstScreenGate {
  /** Settles once home's first cover has painted, or FIRST_COVER_WAIT_MS after the gate was made. */
  opened: Promise<void>
  /** Home's first cover is decoded and about to show: opens the gate once it has painted. */
  coverShown(image: Element): void
}

export interface GateDeps {
  setTimeout(callback: () => void, ms: number): unknown
  requestAnimationFrame(callback: () => void): unknown
  /**
   * Calls back once `element` has first painted visibly, and answers true; answers false where
   * the browser cannot report it.
   */
  whenPainted(element: Element, callback: () => void): boolean
}

/** The Element Timing identifier home's first cover is reported under. */
export const FIRST_COVER_TIMING = 'home-first-cover'

/**
 * The gate's whenPainted, by Element Timing (https://w3c.github.io/element-timing/): marks
 * `element` with FIRST_COVER_TIMING, and the browser reports its first visible paint (it may be
 * marked any time before it shows; an image painted at opacity 0 does not count). Chromium has
 * it; Safari and Firefox do not.
 */
export function whenPaintedByElementTiming(element: Element, callback: () => void): boolean {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('element')) {
    return false
  }
  element.setAttribute('elementtiming', FIRST_COVER_TIMING)
  const observer = new PerformanceObserver((list) => {
    if (
      !list
        .getEntries()
        .some((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === FIRST_COVER_TIMING)
    ) {
      return
    }
    observer.disconnect()
    callback()
  })
  observer.observe({ type: 'element' })
  return true
}

/**
 * What home's small images (the icon row, the floating window) and the carousel's next slide wait
 * for: over HTTP/1.1's six connections on a slow link, eight small images asked for alongside the
 * first covers held them back by a round trip or two. The first cover is the first screen's
 * largest image. It has painted when the browser says so (Element Timing); where it cannot, once
 * the frame that paints it is done.
 */
export function createFirstScreenGate(
  deps: GateDeps = {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    requestAnimationFrame: (callback) => globalThis.requestAnimationFrame(callback),
    whenPainted: whenPaintedByElementTiming,
  },
): FirstScreenGate {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  deps.setTimeout(open, FIRST_COVER_WAIT_MS)
  return {
    opened,
    coverShown: (image) => {
      if (deps.whenPainted(image, open)) return
      deps.requestAnimationFrame(() => void deps.setTimeout(open, 0))
    },
  }
}
