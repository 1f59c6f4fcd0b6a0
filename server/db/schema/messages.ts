import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestampMs } from '../columns.ts'
import { users } from './accounts.ts'

/**
 * The message centre. A row with a user is that user's; a system notice without one is for
 * everyone (message:broadcast), so a broadcast is one row however many users there are.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id),
    /** MessageType. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An app path or a link; '' when none. */
    link: text('link').notNull().default(''),
    /** What the message is about (`post`, `comment`, `order`, `feedback`, …), so an event writes one message. */
    refType: text('ref_type'),
    refId: integer('ref_id'),
    /** Who caused it (the liker, the commenter); null for the system's own messages. */
    actorId: integer('actor_id').references(() => users.id),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    index('messages_user_type_id_idx').on(t.userId, t.type, t.id),
    index('messages_broadcast_id_idx')
      .on(t.type, t.id)
      .where(sql`${t.userId} is null`),
    // One like message per liker and post or comment: liking, unliking and liking again says it once.
    uniqueIndex('messages_like_once_key')
      .on(t.userId, t.refType, t.refId, t.actorId)
      .where(sql`${t.type} = 'like'`),
  ],
)

/** How far a user has read each type: messages with a greater id are unread. */
export const messageReads = pgTable(
  'message_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
)
