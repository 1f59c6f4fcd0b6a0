import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz } from '../columns.ts'

/**
 * Background work that must survive a restart (server/modules/jobs/README.md): claimed with
 * `FOR UPDATE SKIP LOCKED`, held by a lease a running worker renews, so a job whose process died
 * is claimed again once the lease lapses. A failure is retried until `maxAttempts`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Which handler runs it, e.g. `post-video`. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** queued, running, done, failed. */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamptz('run_after').notNull(),
    /** While running: the worker's lease; past it, another worker may claim the job. */
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamptz('created_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_claimable_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.state} in ('queued', 'running')`),
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
  ],
)
