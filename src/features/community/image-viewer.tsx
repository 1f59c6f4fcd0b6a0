import useEmblaCarousel from 'embla-carousel-react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { PostImage } from '../../../core/contracts/community.ts'
import { imageUrl, type ImageDomains } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-community.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'

export interface ImageViewerProps {
  images: readonly PostImage[]
  /** The image opened first. */
  start: number
  config: ImageDomains | null
  onClose(): void
}

const nearby = (index: number) => [index - 1, index, index + 1]

/**
 * A post's images full screen, one at a time: swiped (embla), or ←/→ and the buttons; Escape or
 * 关闭 closes it. A modal dialog: focus starts on 关闭, stays inside while open (Tab wraps) and
 * goes back to the image that opened it. An image loads once it or a neighbour is shown.
 */
export function ImageViewer({ images, start, config, onClose }: ImageViewerProps) {
  const last = images.length - 1
  const first = Math.min(Math.max(0, start), last)
  const [index, setIndex] = useState(first)
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set(nearby(first)))
  const [viewport, embla] = useEmblaCarousel({ startIndex: first, loop: false })
  const dialog = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)

  if (nearby(index).some((near) => !seen.has(near))) setSeen(new Set([...seen, ...nearby(index)]))

  useEffect(() => {
    if (!embla) return
    const handleSelect = () => setIndex(embla.selectedScrollSnap())
    embla.on('select', handleSelect)
    return () => {
      embla.off('select', handleSelect)
    }
  }, [embla])

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    closeButton.current?.focus()
    // The page under the viewer does not scroll while it is open.
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      opener?.focus()
    }
  }, [])

  const go = (next: number) => {
    const target = Math.min(Math.max(0, next), last)
    setIndex(target)
    embla?.scrollTo(target)
  }

  const handleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      go(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      go(index + 1)
    } else if (event.key === 'Tab') {
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('button') ?? [])]
      const edge = event.shiftKey ? focusable[0] : focusable[focusable.length - 1]
      if (
        focusable.length === 0 ||
        document.activeElement === edge ||
        !dialog.current?.contains(document.activeElement)
      ) {
        event.preventDefault()
        ;(event.shiftKey ? focusable[focusable.length - 1] : focusable[0])?.focus()
      }
    }
  }

  return (
    <div
      ref={dialog}
      className="image-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t.community.viewer}
      onKeyDown={handleKey}
    >
      <div className="image-viewer__viewport" ref={viewport}>
        <div className="image-viewer__track">
          {images.map((image, slide) => (
            <div
              key={`${image.key}:${slide}`}
              className="image-viewer__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t.community.viewerSlide(slide + 1, images.length)}
              aria-hidden={slide !== index}
            >
              {seen.has(slide) ? (
                <LazyImage
                  className="image-viewer__image"
                  src={imageUrl(config, image.key)}
                  alt={t.community.viewerSlide(slide + 1, images.length)}
                  ratio={image.width > 0 && image.height > 0 ? image.width / image.height : 1}
                  eager
                />
              ) : null}
            </div>
          ))}
        </div>
      </div>
      <p className="image-viewer__counter" aria-live="polite">
        {index + 1} / {images.length}
      </p>
      <button ref={closeButton} type="button" className="image-viewer__close" onClick={onClose}>
        {t.community.close}
      </button>
      {images.length > 1 ? (
        <>
          <button
            type="button"
            className="image-viewer__nav image-viewer__nav--prev"
            aria-label={t.community.previous}
            // aria-disabled, not disabled: a disabled button would drop the focus it holds.
            aria-disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="image-viewer__nav image-viewer__nav--next"
            aria-label={t.community.next}
            aria-disabled={index === last}
            onClick={() => go(index + 1)}
          >
            ›
          </button>
        </>
      ) : null}
    </div>
  )
}
