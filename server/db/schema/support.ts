import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { timestampMs } from '../columns.ts'
import { users } from './accounts.ts'

/** feedback/add: what a user wrote, with images (image keys) and the operator's reply. */
export const feedback = pgTable(
  'feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** FeedbackType. */
    type: text('type').notNull(),
    content: text('content').notNull(),
    imageKeys: jsonb('image_keys').$type<string[]>().notNull(),
    contact: text('contact').notNull(),
    createdAt: timestampMs('created_at').notNull(),
    reply: text('reply').notNull().default(''),
    repliedAt: timestampMs('replied_at'),
  },
  (t) => [index('feedback_user_id_idx').on(t.userId, t.id), index('feedback_replied_idx').on(t.repliedAt, t.id)],
)

/** The FAQ assistant's entries (seeded; operators edit them with `faq:*`). */
export const faqEntries = pgTable('faq_entries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  keywords: jsonb('keywords').$type<string[]>().notNull(),
  suggested: boolean('suggested').notNull().default(false),
  sort: integer('sort').notNull().default(0),
})
