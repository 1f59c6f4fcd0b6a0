import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema/jobs.ts'

export type JobPayload = Record<string, unknown>

/** A job a worker holds: `attempt` is its fencing token, so a worker whose lease lapsed cannot finish it. */
export interface ClaimedJob {
  id: number
  kind: string
  payload: JobPayload
  attempt: number
  maxAttempts: number
}

export async function insertJob(
  db: Db,
  job: { kind: string; payload: JobPayload; runAfter: Date; maxAttempts?: number; createdAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({ ...job, maxAttempts: job.maxAttempts ?? 3 })
    .returning({ id: jobs.id })
  return row!.id
}

/**
 * Takes the next due job of these kinds: queued and due, or running with a lapsed lease (its
 * worker died). One statement: the inner select locks the row and skips rows other workers are
 * claiming, the update starts the attempt and sets the lease.
 */
export async function claimJob(
  db: Db,
  kinds: readonly string[],
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [...kinds]),
        // Spelled out so the planner uses the partial index on claimable jobs.
        inArray(jobs.state, ['queued', 'running']),
        or(
          and(eq(jobs.state, 'queued'), lte(jobs.runAfter, now)),
          and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now)),
        ),
      ),
    )
    .orderBy(asc(jobs.runAfter), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await db
    .update(jobs)
    .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: leaseUntil })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempt: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    })
  return row ?? null
}

const held = (job: ClaimedJob) => and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempt))

/** Extends the lease; false when the job is no longer this worker's (its lease lapsed and another took it). */
export async function renewLease(db: Db, job: ClaimedJob, leaseUntil: Date): Promise<boolean> {
  const rows = await db.update(jobs).set({ lockedUntil: leaseUntil }).where(held(job)).returning({ id: jobs.id })
  return rows.length > 0
}

export async function markDone(db: Db, job: ClaimedJob, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'done', lockedUntil: null, finishedAt: now })
    .where(held(job))
    .returning({ id: jobs.id })
  return rows.length > 0
}

/** Queues the job again after `runAfter`, recording why this attempt failed. */
export async function markRetry(db: Db, job: ClaimedJob, error: string, runAfter: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'queued', lockedUntil: null, runAfter, lastError: error })
    .where(held(job))
    .returning({ id: jobs.id })
  return rows.length > 0
}

export async function markFailed(db: Db, job: ClaimedJob, error: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'failed', lockedUntil: null, lastError: error, finishedAt: now })
    .where(held(job))
    .returning({ id: jobs.id })
  return rows.length > 0
}

/** A job interrupted by a graceful shutdown goes back to the queue, its attempt not counted. */
export async function release(db: Db, job: ClaimedJob, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'queued', lockedUntil: null, runAfter: now, attempts: sql`${jobs.attempts} - 1` })
    .where(held(job))
    .returning({ id: jobs.id })
  return rows.length > 0
}

/** Jobs waiting, running and failed for good (done ones are not counted), for /metrics. */
export async function countUnfinished(db: Db): Promise<Record<'queued' | 'running' | 'failed', number>> {
  const rows = await db
    .select({ state: jobs.state, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.state, ['queued', 'running', 'failed']))
    .groupBy(jobs.state)
  const counts = { queued: 0, running: 0, failed: 0 }
  for (const row of rows) counts[row.state as keyof typeof counts] = row.count
  return counts
}
