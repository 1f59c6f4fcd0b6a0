import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz } from '../columns.ts'

/**
 * Configuration served by ping/config, one JSON document per key (`app`). Domain URLs may be
 * relative paths; they are resolved against PUBLIC_URL when served, so a stored config
 * follows the server to another host.
 */
export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
})

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedAt: timestamptz('published_at').notNull(),
  },
  (t) => [index('announcements_published_at_idx').on(t.publishedAt)],
)
