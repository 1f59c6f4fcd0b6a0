import { lazy, Suspense, useState } from 'react'
import type { PostImage } from '../../../core/contracts/community.ts'
import { imageUrl, type ImageDomains } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-community.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'

// The viewer and embla load when an image is first opened, not with the feed.
const ImageViewer = lazy(() => import('./image-viewer.tsx').then((module) => ({ default: module.ImageViewer })))

/** One image fills the row, two or four sit two by two, three and more three a row. */
export function gridColumns(count: number): 1 | 2 | 3 {
  if (count <= 1) return 1
  return count === 2 || count === 4 ? 2 : 3
}

/** A lone image keeps its shape within these bounds, so a panorama or a tall strip stays readable. */
function singleRatio(image: PostImage): number {
  const ratio = image.width > 0 && image.height > 0 ? image.width / image.height : 1
  return Math.min(16 / 9, Math.max(3 / 4, ratio))
}

export interface ImageGridProps {
  images: readonly PostImage[]
  config: ImageDomains | null
}

/** A post's images in a grid of 1, 2 or 3 columns; a tap opens them full screen, swiping between them. */
export function ImageGrid({ images, config }: ImageGridProps) {
  const [open, setOpen] = useState<number | null>(null)
  if (images.length === 0) return null
  const columns = gridColumns(images.length)
  return (
    <>
      <ul className="image-grid" data-columns={columns}>
        {images.map((image, index) => (
          <li key={`${image.key}:${index}`} className="image-grid__item">
            <button
              type="button"
              className="image-grid__button"
              aria-label={t.community.imageLabel(index + 1, images.length)}
              aria-haspopup="dialog"
              onClick={() => setOpen(index)}
            >
              <LazyImage src={imageUrl(config, image.key)} alt="" ratio={columns === 1 ? singleRatio(image) : 1} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Suspense fallback={null}>
          <ImageViewer images={images} start={open} config={config} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  )
}
