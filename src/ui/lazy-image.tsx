import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { logImageFailure } from '../lib/image-log.ts'
import { hasControllingWorker } from '../lib/sw-bridge.ts'

/** Load when 30 % visible, counting 100 px below the viewport (one attempt per image). */
export const LAZY_IMAGE_THRESHOLD = 0.3
export const LAZY_IMAGE_ROOT_MARGIN = '0px 0px 100px 0px'
// Browsers report the ratio that crossed a threshold rounded, sometimes just under it.
const RATIO_TOLERANCE = 0.01
/**
 * An image decoded within this long of being asked for shows at once: the fade softens an image
 * arriving late over a placeholder the eye has settled on; on one that comes about as its card
 * appears (home's first screen, loaded ahead; a cached one) it would only hold it back 200 ms.
 */
export const INSTANT_IMAGE_MS = 400

export interface LazyImageProps {
  src: string
  /** Required: what the image shows, or "" for a decorative image. */
  alt: string
  /** width / height; the placeholder keeps it so nothing shifts when the image arrives. */
  ratio: number
  className?: string
  /**
   * Load now, without waiting to be seen: for an image about to come into view in a way the
   * observer cannot see coming, such as a carousel's next slide, clipped until it slides in.
   */
  eager?: boolean
  /** Called with the <img> once it is decoded, as it is made to show (or fade in). */
  onShown?: (image: HTMLImageElement) => void
  /**
   * Loads only once this has settled, even when seen earlier: for images that should leave a slow
   * link to more important ones first (home's icon row waits for its first cover).
   */
  after?: Promise<unknown>
}

type Phase = 'idle' | 'loading' | 'shown' | 'failed'

/**
 * An image that loads once it is 30 % visible (or at once when `eager`) and `after` has settled,
 * with one attempt. Under a controlling service worker the <img> asks for `src` itself (the
 * worker descrambles and caches); without one the fallback (lib/image-fallback.ts, loaded on
 * demand) returns a data URI.
 * When the worker cannot answer (offline, not in its caches), the copy the fallback stored is
 * shown if there is one — images of a first visit, shown before the worker took over, live only
 * there — with no second network attempt. A failure is logged and the placeholder stays; a
 * decoded image fades in, unless it came within INSTANT_IMAGE_MS.
 */
export function LazyImage(props: LazyImageProps) {
  // A new src is a new image: fresh state, a fresh observer, one attempt of its own.
  return <LazyImageOnce key={props.src} {...props} />
}

function LazyImageOnce({ src, alt, ratio, className, eager = false, onShown, after }: LazyImageProps) {
  const frame = useRef<HTMLSpanElement>(null)
  /**
   * Where the image comes from, chosen when it first becomes visible (null before); 'stored'
   * after the worker failed: the fallback's stored copy, read without the network.
   */
  const [source, setSource] = useState<'worker' | 'fallback' | 'stored' | null>(null)
  const [dataUri, setDataUri] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const [shown, setShown] = useState<'fading' | 'instant' | null>(null)
  /** When the image was asked for (performance.now()). */
  const askedAt = useRef(0)

  useEffect(() => {
    const element = frame.current
    if (!element || source !== null) return
    const ask = () => {
      askedAt.current = performance.now()
      setSource(hasControllingWorker() ? 'worker' : 'fallback')
    }
    const start = () => (after ? void after.then(ask, ask) : ask())
    if (eager || typeof IntersectionObserver === 'undefined') {
      queueMicrotask(start)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.some(
          (entry) => entry.isIntersecting && entry.intersectionRatio >= LAZY_IMAGE_THRESHOLD - RATIO_TOLERANCE,
        )
        if (!seen) return
        observer.disconnect()
        start()
      },
      { threshold: LAZY_IMAGE_THRESHOLD, rootMargin: LAZY_IMAGE_ROOT_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [source, eager, after])

  useEffect(() => {
    if (source !== 'fallback' && source !== 'stored') return
    // StrictMode runs this twice; the fallback shares one attempt per src, so one fetch goes out.
    let current = true
    import('../lib/image-fallback.ts')
      .then(({ pageImageFallback }) =>
        source === 'fallback' ? pageImageFallback().load(src) : pageImageFallback().stored(src),
      )
      .then(
        (uri) => {
          if (!current) return
          if (uri !== null) {
            setDataUri(uri)
            return
          }
          // Nothing stored either: the worker's failure stands.
          logImageFailure(src, 'error')
          setFailed(true)
        },
        (error: unknown) => {
          if (!current) return
          logImageFailure(src, failureReason(error))
          setFailed(true)
        },
      )
    return () => {
      current = false
    }
  }, [source, src])

  const handleLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget
    // Fade in only once decoded, so the fade is not spent on a blank frame.
    const decoding = typeof image.decode === 'function' ? image.decode().catch(() => {}) : Promise.resolve()
    void decoding.then(() => {
      setShown(performance.now() - askedAt.current <= INSTANT_IMAGE_MS ? 'instant' : 'fading')
      onShown?.(image)
    })
  }
  const handleError = () => {
    if (source === 'worker') {
      setSource('stored')
      return
    }
    logImageFailure(src, 'error')
    setFailed(true)
  }

  const url = failed ? null : source === 'worker' ? src : dataUri
  const phase: Phase = failed ? 'failed' : shown ? 'shown' : source ? 'loading' : 'idle'
  return (
    <span
      ref={frame}
      className={className ? `lazy-image ${className}` : 'lazy-image'}
      style={{ aspectRatio: ratio > 0 && Number.isFinite(ratio) ? ratio : 1 }}
      data-state={phase}
      // Until there is an <img> to carry the alt text, the placeholder carries it.
      role={url === null && alt ? 'img' : undefined}
      aria-label={url === null && alt ? alt : undefined}
    >
      {url !== null ? (
        <img
          className={
            shown === null
              ? 'lazy-image__img'
              : shown === 'instant'
                ? 'lazy-image__img lazy-image__img--shown lazy-image__img--instant'
                : 'lazy-image__img lazy-image__img--shown'
          }
          src={url}
          alt={alt}
          decoding="async"
          onLoad={handleLoad}
          onError={handleError}
        />
      ) : null}
    </span>
  )
}

function failureReason(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'reason' in error && typeof error.reason === 'string') {
    return error.reason
  }
  return error instanceof Error ? error.name : 'unknown'
}
