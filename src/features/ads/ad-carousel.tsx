import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import type { Advertise } from '../../../core/contracts/config.ts'
import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages.ts'
import { whenIdle } from '../../lib/prefetch.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { adHref, type ClickableAd } from './ad-click.ts'
import { AUTOPLAY_DELAY_MS, useAutoplay } from './autoplay.ts'
import type { EmblaApi, EmblaOptions } from './embla-attach.tsx'
import './ads.css'

const EmblaAttach = lazy(() => import('./embla-attach.tsx'))

export interface AdListProps<A> {
  ads: readonly A[]
  config: { domain: readonly DomainEntry[] } | null
  onOpen(ad: ClickableAd): void
}

/** A plain click opens the ad in the app's way; modified clicks keep the browser's own behaviour. */
export function adClickHandler(ad: ClickableAd, onOpen: (ad: ClickableAd) => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    onOpen(ad)
  }
}

const EMBLA_OPTIONS: EmblaOptions = { loop: true }

export interface AdCarouselProps extends AdListProps<Advertise> {
  /** Slides after the first load only once this has settled (home: its first cover has painted). */
  imagesAfter?: Promise<unknown>
}

/**
 * Home's ad carousel (advertise position 1): embla, looping, autoplay every 3 s held
 * while the page is hidden or the user drags or focuses it; slides 10 px apart, 180 px high,
 * 0 10px margin, 8 px corners; pagination dots #007aff, inactive at 0.3 opacity.
 *
 * The first slide is plain markup; embla is loaded when it is first needed — at the first
 * autoplay step, or as soon as the user touches, focuses or picks a dot — so it is not part of
 * the JavaScript of home's first paint.
 */
export function AdCarousel({ ads, config, onOpen, imagesAfter }: AdCarouselProps) {
  const many = ads.length > 1
  const region = useRef<HTMLElement>(null)
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null)
  const [wanted, setWanted] = useState(false)
  const [embla, setEmbla] = useState<EmblaApi | undefined>()
  const [selected, setSelected] = useState(0)
  /**
   * The slide after the shown one loads ahead: it is clipped until it slides in, so as a lazy
   * image it would start loading mid-slide, and show empty on a slow link or offline. Ahead
   * loading starts once the first slide has shown and the page is idle (and `imagesAfter` has
   * settled), so it does not compete with the first screen's own images.
   */
  const [firstShown, setFirstShown] = useState(false)
  const [aheadAllowed, setAheadAllowed] = useState(false)
  /** Where to go once embla is there: the next slide (woken by autoplay) or a dot's slide. */
  const pending = useRef<number | 'next' | null>(null)
  useAutoplay(embla, many)
  useEffect(() => (many && firstShown ? whenIdle(() => setAheadAllowed(true)) : undefined), [many, firstShown])
  const ahead = aheadAllowed ? (selected + 1) % ads.length : -1

  useEffect(() => {
    const element = region.current
    if (!many || wanted || !element) return
    const wake = () => setWanted(true)
    const timer = setTimeout(() => {
      pending.current ??= 'next'
      wake()
    }, AUTOPLAY_DELAY_MS)
    const events = ['pointerdown', 'touchstart', 'focusin'] as const
    for (const name of events) element.addEventListener(name, wake, { passive: true })
    return () => {
      clearTimeout(timer)
      for (const name of events) element.removeEventListener(name, wake)
    }
  }, [many, wanted])

  useEffect(() => {
    if (!embla) return
    const handleSelect = () => setSelected(embla.selectedScrollSnap())
    const target = pending.current
    pending.current = null
    if (target === 'next') embla.scrollNext()
    else if (typeof target === 'number') embla.scrollTo(target)
    handleSelect()
    embla.on('select', handleSelect)
    embla.on('reInit', handleSelect)
    return () => {
      embla.off('select', handleSelect)
      embla.off('reInit', handleSelect)
    }
  }, [embla])

  const goTo = useCallback(
    (index: number) => {
      if (embla) embla.scrollTo(index)
      else {
        pending.current = index
        setWanted(true)
      }
    },
    [embla],
  )

  if (ads.length === 0) return null
  return (
    <section ref={region} className="ad-carousel" aria-roledescription="carousel" aria-label={t.ads.carousel}>
      <div className="ad-carousel__viewport" ref={setViewport}>
        <div className="ad-carousel__track">
          {ads.map((ad, index) => {
            const href = adHref(ad, {})
            const label = ad.title || t.ads.ad
            const image = (
              <LazyImage
                src={imageUrl(config, ad.image)}
                alt={label}
                ratio={ad.ratio ?? 2}
                eager={index === ahead}
                after={index === 0 ? undefined : imagesAfter}
                onShown={index === 0 ? () => setFirstShown(true) : undefined}
              />
            )
            return (
              <div
                key={ad.id}
                className="ad-carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={t.ads.slide(index + 1, ads.length)}
              >
                {href ? (
                  <a className="ad-carousel__link" href={href} onClick={adClickHandler(ad, onOpen)}>
                    {image}
                  </a>
                ) : (
                  image
                )}
              </div>
            )
          })}
        </div>
      </div>
      {many ? (
        <div className="ad-carousel__dots">
          {ads.map((ad, index) => (
            <button
              key={ad.id}
              type="button"
              className={index === selected ? 'ad-carousel__dot is-active' : 'ad-carousel__dot'}
              aria-label={t.ads.goTo(index + 1)}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
      ) : null}
      {many && wanted && viewport ? (
        <Suspense fallback={null}>
          <EmblaAttach viewport={viewport} options={EMBLA_OPTIONS} onApi={setEmbla} />
        </Suspense>
      ) : null}
    </section>
  )
}
