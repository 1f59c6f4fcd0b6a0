import { mediaCollectHome, mediaPublished, mediaRecommend, mediaTopicDetails } from '../../../core/contracts/calls.ts'
import { type ReactNode } from 'react'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import type { CollectionCard as CollectionCardData, VideoCard as VideoCardData } from '../../../core/contracts/media.ts'
import { t } from '../../lib/messages-browse.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { CollectionGrid } from './collection-card.tsx'
import { moreSource, type MoreSearch, type MoreSource } from './page-params.ts'
import { catalogueList, type PagedList } from './paged-list.ts'
import { VideoGrid, VideoGridSkeleton } from './video-card.tsx'
import './browse.css'
import { useCoverList } from './use-cover-list.ts'

/** The title when the link names none. */
function moreTitle(source: MoreSource): string {
  switch (source.call) {
    case 'media/topic/details':
      return t.browse.topic
    case 'media/collect/home':
      return t.browse.collections
    case 'media/published':
      return t.browse.published
    default:
      return t.browse.recommend
  }
}

/** The list of a "more" source, the same list (and state) as anywhere else it shows. */
function listOf(source: MoreSource) {
  switch (source.call) {
    case 'media/topic/details':
      return catalogueList(mediaTopicDetails, { id: source.id, sort: 'latest' })
    case 'media/collect/home':
      return catalogueList(mediaCollectHome, {})
    case 'media/published':
      return catalogueList(mediaPublished, {})
    case 'media/recommend':
      return catalogueList(mediaRecommend, {})
  }
}

function MoreList<T extends { cover: string }>({
  list,
  config,
  label,
  render,
}: {
  list: PagedList<T>
  config: ImageDomains | null
  label: string
  render(items: readonly T[]): ReactNode
}) {
  const { state, loadFirst, loadMore } = useCoverList(list, config)
  return (
    <section aria-label={label}>
      <InfiniteList
        state={state}
        onLoadMore={() => void loadMore()}
        onRetry={() => void loadFirst()}
        skeleton={<VideoGridSkeleton count={6} />}
      >
        {render(state.items)}
      </InfiniteList>
    </section>
  )
}

/**
 * /subpage/morePage?id=&name=&type= : everything of a home section or list. type topic → the
 * topic's videos, collect → the collections, published → the newest, otherwise 推荐.
 */
export function MoreScreen({ search, config }: { search: MoreSearch; config: ImageDomains | null }) {
  const source = moreSource(search)
  const title = search.name ?? moreTitle(source)
  const list = listOf(source)
  return (
    <main className="page browse">
      <PageHeader title={title} />
      {source.call === 'media/collect/home' ? (
        <MoreList
          key={list.key}
          list={list as PagedList<CollectionCardData>}
          config={config}
          label={title}
          render={(items) => <CollectionGrid collections={items} config={config} label={title} />}
        />
      ) : (
        <MoreList
          key={list.key}
          list={list as PagedList<VideoCardData>}
          config={config}
          label={title}
          render={(items) => <VideoGrid videos={items} config={config} label={title} />}
        />
      )}
    </main>
  )
}
