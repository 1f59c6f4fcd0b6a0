import type { AppConfig, Advertise, IconAd } from '../../../core/contracts/config.ts'

/** Advertise position and icon location of home. */
const HOME_POSITION = 1
const HOME_ICON_LOCATION = 1

/** Icon ads shown at a location id (1–7; 1 is home's row), in the config's order. */
function iconAdsAt(ads: readonly IconAd[], location: number): IconAd[] {
  return ads.filter((ad) => ad.locIds.includes(location))
}

/** Home's carousel slides, in order. */
export function homeCarouselAds(config: Pick<AppConfig, 'advertise'>): Advertise[] {
  return config.advertise.filter((ad) => ad.position === HOME_POSITION)
}

/** Home's icon row, in order. */
export function homeIconAds(config: Pick<AppConfig, 'statConfigApp'>): IconAd[] {
  return iconAdsAt(config.statConfigApp.list, HOME_ICON_LOCATION)
}
