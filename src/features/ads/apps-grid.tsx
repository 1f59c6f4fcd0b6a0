import type { AppConfig } from '../../../core/contracts/config.ts'
import { imageUrl } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { adClickHandler } from './ad-carousel.tsx'
import { adHref } from './ad-click.ts'
import { useOpenAd } from './use-open-ad.ts'
import './ads.css'

export interface AppsGridProps {
  config: AppConfig | null
  token: string
  isAppStore: boolean
  /** The grid's accessible name. */
  label: string
}

/**
 * The welfare page's apps grid: the config's `statConfigApp.nineList` icon ads, four to a row.
 * A tap counts the click and opens the target as every ad does (ad-click.ts). Its own file, so
 * home's first visit does not carry it.
 */
export function AppsGrid({ config, token, isAppStore, label }: AppsGridProps) {
  const onOpen = useOpenAd({ token, isAppStore, config })
  const ads = config?.statConfigApp.nineList ?? []
  if (!config || ads.length === 0) return null
  return (
    <nav className="apps-grid" aria-label={label}>
      <ul className="apps-grid__list">
        {ads.map((ad) => {
          const href = adHref(ad, {})
          const content = (
            <>
              <LazyImage className="icon-ads__icon" src={imageUrl(config, ad.image)} alt="" ratio={1} />
              <span className="icon-ads__name">{ad.title || t.ads.ad}</span>
            </>
          )
          return (
            <li key={ad.id}>
              {href ? (
                <a className="icon-ads__link apps-grid__link" href={href} onClick={adClickHandler(ad, onOpen)}>
                  {content}
                </a>
              ) : (
                <span className="icon-ads__link apps-grid__link">{content}</span>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
