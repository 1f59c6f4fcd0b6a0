import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { timestampMs } from '../columns.ts'
import { users } from './accounts.ts'

/** Every user's invite code, made the first time it is asked for. */
export const inviteCodes = pgTable('invite_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code').notNull().unique(),
})

/**
 * Who invited whom: one row per invitee (one inviter each, never changed). The device and
 * address it was bound from enforce the self-invite rule and the caps.
 */
export const invites = pgTable(
  'invites',
  {
    inviteeId: integer('invitee_id')
      .primaryKey()
      .references(() => users.id),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    /** How it was bound: `link` (a new guest's affCode) or `code` (user/redeem). */
    source: text('source').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestampMs('created_at').notNull(),
    /**
     * INVITE_SHARE when bound: the inviter's percentage of this invitee's top-ups, kept so a
     * changed setting applies to new invitees and the audit checks each share at its own rate.
     */
    sharePercent: integer('share_percent').notNull(),
    /** When the invitee became an account (or was one already at binding); null while a guest. */
    registeredAt: timestampMs('registered_at'),
    /**
     * The points the inviter was paid for the registration (INVITE_REGISTER_POINTS then), set with
     * `registered_at`; 0 for an account that was one before binding (nothing is paid for it).
     */
    registerPoints: integer('register_points'),
  },
  (t) => [
    index('invites_inviter_created_idx').on(t.inviterId, t.createdAt),
    index('invites_ip_created_idx').on(t.ip, t.createdAt),
  ],
)
