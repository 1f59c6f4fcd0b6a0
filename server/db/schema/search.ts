import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { counter, timestampMs } from '../columns.ts'

/** How often each keyword was searched (first pages only): media/hotSearchs/list. */
export const searchCounts = pgTable(
  'search_counts',
  {
    keyword: text('keyword').primaryKey(),
    count: counter('count'),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (t) => [index('search_counts_count_idx').on(t.count, t.keyword)],
)
