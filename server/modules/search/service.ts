import type { HotKeywordsResult, Page, VideoCard } from '../../../core/contracts/media.ts'
import type { Db } from '../../db/client.ts'
import { VideoOrders } from '../catalogue/repo.ts'
import { videoPage } from '../catalogue/service.ts'
import * as repo from './repo.ts'

const HOT_KEYWORDS = 10

/** Keywords count as one however they are spaced or cased: "夏日  Beach" and "夏日 beach". */
export function normalizeKeyword(keyword: string): string {
  return keyword.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase()
}

export function createSearchService(deps: { db: Db; now: () => number }) {
  const { db } = deps

  /**
   * Matching videos, most played first. The first page of a search that finds something
   * counts it for media/hotSearchs/list; later pages and searches that find nothing do not, so
   * scrolling does not inflate a keyword and typos do not become "hot".
   */
  async function search(input: { keyword: string; cursor?: string | undefined }): Promise<Page<VideoCard>> {
    const keyword = normalizeKeyword(input.keyword)
    const page = await videoPage(db, {
      where: repo.matchesKeyword(keyword),
      order: VideoOrders.plays,
      cursor: input.cursor,
    })
    if (!input.cursor && page.items.length > 0) await repo.countSearch(db, keyword, new Date(deps.now()))
    return page
  }

  async function hotKeywords(): Promise<HotKeywordsResult> {
    return { items: await repo.topKeywords(db, HOT_KEYWORDS) }
  }

  return { search, hotKeywords, popular: (cursor?: string) => videoPage(db, { order: VideoOrders.plays, cursor }) }
}

export type SearchService = ReturnType<typeof createSearchService>
