import { imageUrl, type ImageDomains } from '../../../core/contracts/domain.ts'
import type { CollectionCard as CollectionCardData } from '../../../core/contracts/media.ts'
import { formatCount } from '../../../core/format/count.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { appPath } from '../../../core/links/app-path.ts'
import { t } from '../../lib/messages-browse.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { AppLink } from './app-link.tsx'
import { coverRatio } from './video-card.tsx'
import './browse.css'

/** A collection: cover, episode count, price, name; one link to /play/videoCollection?id=. */
function CollectionCard({ collection, config }: { collection: CollectionCardData; config: ImageDomains | null }) {
  return (
    <AppLink path={appPath('/play/videoCollection', { id: collection.id })} className="video-card collection-card">
      <span className="video-card__cover">
        <LazyImage src={imageUrl(config, collection.cover)} alt={collection.name} ratio={coverRatio(collection)} />
        {collection.price > 0 ? (
          <span className="video-card__badge video-card__badge--price">
            {t.catalogue.price(formatMoney(collection.price))}
          </span>
        ) : null}
        <span className="video-card__meta">
          <span>{t.browse.episodes(formatCount(collection.videoCount))}</span>
        </span>
      </span>
      <h3 className="video-card__title">{collection.name}</h3>
    </AppLink>
  )
}

/** Collections in the video grid's layout. */
export function CollectionGrid({
  collections,
  config,
  label,
}: {
  collections: readonly CollectionCardData[]
  config: ImageDomains | null
  label?: string
}) {
  return (
    <ul className="video-grid" aria-label={label}>
      {collections.map((collection) => (
        <li key={collection.id} className="video-grid__item">
          <CollectionCard collection={collection} config={config} />
        </li>
      ))}
    </ul>
  )
}
