import { and, not } from 'drizzle-orm'
import { PAGE_SIZE, type HotKeywordsResult, type Page, type VideoCard } from '../../../core/contracts/media.ts'
import type { Db } from '../../db/client.ts'
import { decodeCursorOf, encodeCursor } from '../catalogue/cursor.ts'
import { listVideos, VideoOrders, type CardRow, type VideoOrder } from '../catalogue/repo.ts'
import { toCards, videoPage } from '../catalogue/service.ts'
import * as repo from './repo.ts'

const HOT_KEYWORDS = 10

/**
 * Keywords count as one however they are spaced or cased: "夏日  Beach" and "夏日 beach". Folded
 * as the database's search_fold folds the text searched (NFKC, A–Z to a–z only, NFKC again: a
 * lowered letter may compose with a following mark), so fullwidth ＡＢＣ is abc, and É stays É
 * (README.md says why only ASCII).
 */
export function normalizeKeyword(keyword: string): string {
  const folded = keyword
    .normalize('NFKC')
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
    .normalize('NFKC')
  return folded.trim().replace(/\s+/g, ' ')
}

/**
 * Search results come in two runs, each a keyset order of its own: the videos titled exactly
 * the keyword, then every other match; both most played first. The cursor names the run.
 */
const ExactTitles: VideoOrder = { ...VideoOrders.plays, name: 'search-exact' }
const RUNS = [ExactTitles, VideoOrders.plays] as const

export function createSearchService(deps: { db: Db; now: () => number }) {
  const { db } = deps

  /**
   * Matching videos: titles equal to the keyword first, then the rest, each run most played first.
   * The first page of a search that finds something counts it for media/hotSearchs/list; later
   * pages and searches that find nothing do not, so scrolling does not inflate a keyword and
   * typos do not become "hot".
   */
  async function search(input: { keyword: string; cursor?: string | undefined }): Promise<Page<VideoCard>> {
    const keyword = normalizeKeyword(input.keyword)
    const at = decodeCursorOf(
      RUNS.map((run) => run.name),
      input.cursor,
    )
    const fromRun = at ? RUNS.findIndex((run) => run.name === at.order) : 0
    const rows: { row: CardRow; run: VideoOrder }[] = []
    for (const [i, run] of RUNS.entries()) {
      if (i < fromRun || rows.length > PAGE_SIZE) continue
      const where =
        run === ExactTitles ? repo.titleIs(keyword) : and(repo.matchesKeyword(keyword), not(repo.titleIs(keyword)))
      const after = i === fromRun ? (at?.position ?? null) : null
      const found = await listVideos(db, { where, order: run, after, limit: PAGE_SIZE + 1 - rows.length })
      rows.push(...found.map((row) => ({ row, run })))
    }
    const shown = rows.slice(0, PAGE_SIZE)
    const last = shown.at(-1)
    const page = {
      items: await toCards(
        db,
        shown.map(({ row }) => row),
      ),
      nextCursor:
        rows.length > PAGE_SIZE && last
          ? encodeCursor(last.run.name, { key: last.run.keyOf(last.row), id: last.row.id })
          : null,
    }
    if (!input.cursor && page.items.length > 0) await repo.countSearch(db, keyword, new Date(deps.now()))
    return page
  }

  async function hotKeywords(): Promise<HotKeywordsResult> {
    return { items: await repo.topKeywords(db, HOT_KEYWORDS) }
  }

  return { search, hotKeywords, popular: (cursor?: string) => videoPage(db, { order: VideoOrders.plays, cursor }) }
}

export type SearchService = ReturnType<typeof createSearchService>
