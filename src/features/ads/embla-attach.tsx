import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react'
import { useEffect } from 'react'

export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>
export type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>

export interface EmblaAttachProps {
  /** The carousel's viewport, already on screen. */
  viewport: HTMLElement
  options: EmblaOptions
  onApi(api: EmblaApi | undefined): void
}

/**
 * Starts embla on a viewport the page already shows. Loaded on demand (ad-carousel.tsx), so
 * embla stays out of the JavaScript home needs for its first paint.
 */
export default function EmblaAttach({ viewport, options, onApi }: EmblaAttachProps) {
  const [attach, api] = useEmblaCarousel(options)
  useEffect(() => {
    attach(viewport)
    return () => attach(null)
  }, [attach, viewport])
  useEffect(() => {
    onApi(api)
  }, [api, onApi])
  useEffect(() => () => onApi(undefined), [onApi])
  return null
}
