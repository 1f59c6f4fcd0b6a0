import { index, integer, pgTable } from 'drizzle-orm/pg-core'
import { timestampMs } from '../columns.ts'
import { users } from './accounts.ts'

/** One row per advertise/click. The ad itself lives in the config (ping/config), not a table. */
export const adClicks = pgTable(
  'ad_clicks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adId: integer('ad_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clickedAt: timestampMs('clicked_at').notNull(),
  },
  (t) => [index('ad_clicks_ad_id_clicked_at_idx').on(t.adId, t.clickedAt)],
)
