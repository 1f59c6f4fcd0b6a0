import { desc, asc, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { actors, tags, videoActors, videos, videoTags } from '../../db/schema/catalogue.ts'
import { searchCounts } from '../../db/schema/search.ts'

/** `text` as a LIKE pattern that matches it literally anywhere: %, _ and \ are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * Videos whose title, one of whose tags or one of whose actors contains the keyword.
 * ILIKE works on any locale and on CJK text, where pg_trgm (in the C locale) extracts no
 * trigrams; the catalogue is small enough that a scan is cheap.
 */
export function matchesKeyword(keyword: string): SQL {
  const pattern = containsPattern(keyword)
  return sql`(${videos.title} ilike ${pattern} escape '\\'
    or exists (select 1 from ${videoTags} join ${tags} on ${tags.id} = ${videoTags.tagId}
      where ${videoTags.videoId} = ${videos.id} and ${tags.name} ilike ${pattern} escape '\\')
    or exists (select 1 from ${videoActors} join ${actors} on ${actors.id} = ${videoActors.actorId}
      where ${videoActors.videoId} = ${videos.id} and ${actors.name} ilike ${pattern} escape '\\'))`
}

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
