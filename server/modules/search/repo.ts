import { desc, asc, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { actors, tags, videoActors, videos, videoTags } from '../../db/schema/catalogue.ts'
import { searchCounts } from '../../db/schema/search.ts'

/**
 * A text column whose search grams hold `keyword`'s (the GIN index's part), as an SQL condition.
 * The grams only narrow the candidates: pairs found apart also qualify, so an exact comparison
 * must follow (README.md).
 */
export const gramsHold = (column: SQLWrapper, keyword: string): SQL => sql`${column} @> search_query_grams(${keyword})`

/**
 * A text column contains `keyword` (normalizeKeyword's) anywhere once folded as keywords are
 * (search_fold, README.md): A–Z in any case, every other character as written.
 */
export const contains = (column: SQLWrapper, keyword: string): SQL =>
  sql`strpos(search_fold(${column}), ${keyword}) > 0`

/**
 * Videos whose title, one of whose tags or one of whose actors contains the keyword. `offset 0`
 * keeps each EXISTS a probe of the row's own links: without it PostgreSQL may run it as a hashed
 * subplan, which first reads every link of every matching tag or actor (a common character in
 * actors' names is tens of thousands of links; bench/README.md, search).
 */
export function matchesKeyword(keyword: string): SQL {
  return sql`(${gramsHold(videos.searchGrams, keyword)} and (${contains(videos.title, keyword)}
    or exists (select 1 from ${videoTags} join ${tags} on ${tags.id} = ${videoTags.tagId}
      where ${videoTags.videoId} = ${videos.id} and ${contains(tags.name, keyword)} offset 0)
    or exists (select 1 from ${videoActors} join ${actors} on ${actors.id} = ${videoActors.actorId}
      where ${videoActors.videoId} = ${videos.id} and ${contains(actors.name, keyword)} offset 0)))`
}

/** Videos whose title is the keyword once folded as it is, served by videos_title_fold_idx. */
export const titleIs = (keyword: string): SQL => sql`search_fold(${videos.title}) = ${keyword}`

/** One more search for `keyword`, as a single upsert (safe under concurrent searches). */
export async function countSearch(db: Db, keyword: string, at: Date) {
  await db
    .insert(searchCounts)
    .values({ keyword, count: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: searchCounts.keyword,
      set: { count: sql`${searchCounts.count} + 1`, updatedAt: at },
    })
}

export async function topKeywords(db: Db, limit: number) {
  return db
    .select({ keyword: searchCounts.keyword, count: searchCounts.count })
    .from(searchCounts)
    .orderBy(desc(searchCounts.count), asc(searchCounts.keyword))
    .limit(limit)
}
