import type { AppConfig } from '../../../core/contracts/config.ts'
import { AdCarousel } from './ad-carousel.tsx'
import { FloatingWindow } from './floating-window.tsx'
import { homeCarouselAds, homeIconAds } from './home-ad-slots.ts'
import { IconAds } from './icon-ads.tsx'
import { useOpenAd } from './use-open-ad.ts'

export interface HomeAdsProps {
  config: AppConfig | null
  token: string
  isAppStore: boolean
  /**
   * The icon row's and the floating window's images, and the carousel's slides after the first,
   * load once this settles (the carousel's first slide at once).
   */
  imagesAfter?: Promise<unknown>
}

/** Home's ads from the config: the carousel, the icon row and the floating window. */
export function HomeAds({ config, token, isAppStore, imagesAfter }: HomeAdsProps) {
  const onOpen = useOpenAd({ token, isAppStore, config })
  if (!config) return null
  const carousel = homeCarouselAds(config)
  const icons = homeIconAds(config)
  return (
    <>
      <AdCarousel ads={carousel} config={config} onOpen={onOpen} imagesAfter={imagesAfter} />
      <IconAds ads={icons} config={config} onOpen={onOpen} imagesAfter={imagesAfter} />
      <FloatingWindow ad={config.floatingWindow} config={config} onOpen={onOpen} imagesAfter={imagesAfter} />
    </>
  )
}
