import { atom, useAtomValue, useSetAtom } from 'jotai'
import type { FloatingWindow as FloatingWindowAd } from '../../../core/contracts/config.ts'
import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { adClickHandler } from './ad-carousel.tsx'
import { adHref, type ClickableAd } from './ad-click.ts'
import './ads.css'

/** Closed for the rest of the visit once the user closes it (it comes back on the next visit). */
const closedAtom = atom(false)
const closeAtom = atom(null, (_get, set) => set(closedAtom, true))

export interface FloatingWindowProps {
  ad: FloatingWindowAd | null
  config: { domain: readonly DomainEntry[] } | null
  onOpen(ad: ClickableAd): void
  /** The image loads once this settles. */
  imagesAfter?: Promise<unknown>
}

/** config.floatingWindow: a small image in the corner above the tab bar, with a close button. */
export function FloatingWindow({ ad, config, onOpen, imagesAfter }: FloatingWindowProps) {
  const closed = useAtomValue(closedAtom)
  const close = useSetAtom(closeAtom)
  if (!ad || closed) return null
  const href = adHref(ad, {})
  const label = ad.title || t.ads.floating
  const image = <LazyImage src={imageUrl(config, ad.image)} alt={label} ratio={ad.ratio ?? 1} after={imagesAfter} />
  return (
    <aside className="floating-window" aria-label={t.ads.floating}>
      {href ? (
        <a className="floating-window__link" href={href} onClick={adClickHandler(ad, onOpen)}>
          {image}
        </a>
      ) : (
        image
      )}
      <button type="button" className="floating-window__close" aria-label={t.ads.close} onClick={close}>
        <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
          <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  )
}
