import type { AppConfig } from '../../../core/contracts/config.ts'
import { AdCarousel } from './ad-carousel.tsx'
import { FloatingWindow } from './floating-window.tsx'
import { IconAds, iconAdsAt } from './icon-ads.tsx'
import { useOpenAd } from './use-open-ad.ts'

/** Advertise position and icon location of home (SPEC §4). */
const HOME_POSITION = 1
const HOME_ICON_LOCATION = 1

export interface HomeAdsProps {
  config: AppConfig | null
  token: string
  isAppStore: boolean
}

/** Home's ads from the config: the carousel, the icon row and the floating window. */
export function HomeAds({ config, token, isAppStore }: HomeAdsProps) {
  const onOpen = useOpenAd({ token, isAppStore, config })
  if (!config) return null
  const carousel = config.advertise.filter((ad) => ad.position === HOME_POSITION)
  const icons = iconAdsAt(config.statConfigApp.list, HOME_ICON_LOCATION)
  return (
    <>
      <AdCarousel ads={carousel} config={config} onOpen={onOpen} />
      <IconAds ads={icons} config={config} onOpen={onOpen} />
      <FloatingWindow ad={config.floatingWindow} config={config} onOpen={onOpen} />
    </>
  )
}
