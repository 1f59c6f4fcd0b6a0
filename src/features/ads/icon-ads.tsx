import type { IconAd } from '../../../core/contracts/config.ts'
import { imageUrl } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { adClickHandler, type AdListProps } from './ad-carousel.tsx'
import { adHref } from './ad-click.ts'
import './ads.css'

export interface IconAdsProps extends AdListProps<IconAd> {
  /** The icons load once this settles. */
  imagesAfter?: Promise<unknown>
}

/** A row of round icons with their names, scrolling sideways when they do not fit. */
export function IconAds({ ads, config, onOpen, imagesAfter }: IconAdsProps) {
  if (ads.length === 0) return null
  return (
    <nav className="icon-ads" aria-label={t.ads.icons}>
      <ul className="icon-ads__list">
        {ads.map((ad) => {
          const href = adHref(ad, {})
          const content = (
            <>
              <LazyImage
                className="icon-ads__icon"
                src={imageUrl(config, ad.image)}
                alt=""
                ratio={1}
                after={imagesAfter}
              />
              <span className="icon-ads__name">{ad.title || t.ads.ad}</span>
            </>
          )
          return (
            <li key={ad.id} className="icon-ads__item">
              {href ? (
                <a className="icon-ads__link" href={href} onClick={adClickHandler(ad, onOpen)}>
                  {content}
                </a>
              ) : (
                <span className="icon-ads__link">{content}</span>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
