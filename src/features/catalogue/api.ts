import type {
  ActorPage,
  CollectionCard,
  CollectionPage,
  DetailsPageRequest,
  HomeResult,
  HotKeywordsResult,
  Page,
  PageRequest,
  SearchRequest,
  TagPage,
  TopicPage,
  VideoCard,
  VideoDetail,
} from '../../../core/contracts/media.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'

/**
 * The catalogue's reads (core/contracts/media.ts), by call name: what the body is without the
 * cursor, and what comes back. Answers are checked by hand for their shape (lists, cursors),
 * not with zod, which would weigh on home's first visit.
 */
export interface CatalogueReads {
  'media/home': { params: Record<string, never>; data: HomeResult }
  'media/recommend': { params: Omit<PageRequest, 'cursor'>; data: Page<VideoCard> }
  'media/short/recommend': { params: Omit<PageRequest, 'cursor'>; data: Page<VideoCard> }
  'media/published': { params: Omit<PageRequest, 'cursor'>; data: Page<VideoCard> }
  'media/collect/home': { params: Omit<PageRequest, 'cursor'>; data: Page<CollectionCard> }
  'search/hot': { params: Omit<PageRequest, 'cursor'>; data: Page<VideoCard> }
  'media/tag/details': { params: Omit<DetailsPageRequest, 'cursor'>; data: TagPage }
  'media/topic/details': { params: Omit<DetailsPageRequest, 'cursor'>; data: TopicPage }
  'media/actor/details': { params: Omit<DetailsPageRequest, 'cursor'>; data: ActorPage }
  'media/collect/details': { params: { id: number }; data: CollectionPage }
  'search/details': { params: Omit<SearchRequest, 'cursor'>; data: Page<VideoCard> }
  'hotSearchs/list': { params: Record<string, never>; data: HotKeywordsResult }
  'content/info': { params: { id: number }; data: VideoDetail }
}
export type CatalogueRead = keyof CatalogueReads

/** The reads answered in pages of 10 with `nextCursor`. */
export type PagedRead = {
  [K in CatalogueRead]: CatalogueReads[K]['data'] extends Page<unknown> ? K : never
}[CatalogueRead]

/** The item type of a paged read, e.g. VideoCard for media/recommend. */
export type PagedItem<K extends PagedRead> = CatalogueReads[K]['data'] extends Page<infer T> ? T : never

export function isPage(value: unknown): value is Page<unknown> {
  const page = value as { items?: unknown; nextCursor?: unknown } | null
  return (
    typeof page === 'object' &&
    page !== null &&
    Array.isArray(page.items) &&
    (page.nextCursor === null || typeof page.nextCursor === 'string')
  )
}

function isHomeResult(value: unknown): value is HomeResult {
  const sections = (value as { sections?: unknown } | null)?.sections
  return (
    Array.isArray(sections) &&
    sections.every(
      (section: { topic?: { id?: unknown }; videos?: unknown } | null) =>
        typeof section?.topic?.id === 'number' && Array.isArray(section.videos),
    )
  )
}

/** Rejects an answer that is not the shape its call promises, as a bad response. */
export function checkAnswer<K extends CatalogueRead>(name: K, data: unknown): CatalogueReads[K]['data'] {
  const ok =
    name === 'media/home'
      ? isHomeResult(data)
      : name === 'content/info' || name === 'hotSearchs/list'
        ? typeof data === 'object' && data !== null
        : isPage(data)
  if (!ok) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
  return data as CatalogueReads[K]['data']
}
