import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { loggableError } from '../../loggable-error.ts'
import * as repo from './repo.ts'
import type { ClaimedJob, JobPayload } from './repo.ts'

export type { JobPayload } from './repo.ts'

/** Tries per job: a failure is retried twice. */
export const DEFAULT_MAX_ATTEMPTS = 3
/** How long a claimed job stays a worker's without a renewal; renewed every third of it. */
export const LEASE_MS = 60_000
/** The first retry waits this long, each later one four times longer. */
export const RETRY_BACKOFF_MS = 30_000
/** How often an idle worker looks for due jobs (retries coming due, jobs other processes queued). */
export const POLL_MS = 5_000
const MAX_ERROR_LENGTH = 2000

/**
 * Queues a job in the caller's transaction, so it exists exactly when what it works on does.
 * The caller wakes its process's worker (`JobWorker.wake`) once the transaction has committed.
 */
export async function enqueueJob(
  tx: Db,
  job: { kind: string; payload: JobPayload; now: Date; maxAttempts?: number },
): Promise<number> {
  return repo.insertJob(tx, {
    kind: job.kind,
    payload: job.payload,
    runAfter: job.now,
    createdAt: job.now,
    maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  })
}

export interface JobContext {
  /** Aborted when the app closes or the lease is lost: stop, the job runs again later. */
  signal: AbortSignal
  /** 1 for the first try. */
  attempt: number
}

/** What runs one kind of job. `run` must be safe to run again after an interruption. */
export interface JobHandler {
  run(payload: JobPayload, context: JobContext): Promise<void>
  /** After the last attempt failed, in the transaction that marks the job failed. */
  failed?(tx: Db, payload: JobPayload, error: string): Promise<void>
}

export interface JobWorkerDeps {
  db: Db
  /** Milliseconds, like Date.now; leases and due times are compared with it. */
  now: () => number
  log: FastifyBaseLogger
  handlers: Record<string, JobHandler>
  leaseMs?: number
  backoffMs?: number
  pollMs?: number
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.slice(0, MAX_ERROR_LENGTH)
}

/**
 * One process's worker (server/modules/jobs/README.md): runs due jobs one at a time, sleeps
 * on an unref'd timer between polls, wakes at once when this process queued one, and on stop
 * aborts the running job and queues it again.
 */
export function createJobWorker(deps: JobWorkerDeps) {
  const { db, log, handlers } = deps
  const leaseMs = deps.leaseMs ?? LEASE_MS
  const backoffMs = deps.backoffMs ?? RETRY_BACKOFF_MS
  const pollMs = deps.pollMs ?? POLL_MS
  const kinds = Object.keys(handlers)
  const at = (offsetMs = 0) => new Date(deps.now() + offsetMs)

  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let loop: Promise<void> | null = null
  let again = false
  let current: AbortController | null = null

  async function finishFailed(job: ClaimedJob, handler: JobHandler, error: string) {
    await db.transaction(async (tx) => {
      if (await repo.markFailed(tx, job, error, at())) await handler.failed?.(tx, job.payload, error)
    })
    log.error({ job: job.id, kind: job.kind, attempt: job.attempt, error }, 'job failed for good')
  }

  async function runJob(job: ClaimedJob) {
    const handler = handlers[job.kind]!
    // Claimed again after its lease lapsed on the last attempt: the process died while running it.
    if (job.attempt > job.maxAttempts) return finishFailed(job, handler, 'interrupted on its last attempt')
    const abort = new AbortController()
    current = abort
    let leaseLost = false
    const renewal = setInterval(() => {
      repo.renewLease(db, job, at(leaseMs)).then(
        (held) => {
          if (held) return
          leaseLost = true
          abort.abort()
        },
        (error: unknown) => log.warn({ err: loggableError(error), job: job.id }, 'job lease renewal failed'),
      )
    }, leaseMs / 3)
    renewal.unref()
    try {
      await handler.run(job.payload, { signal: abort.signal, attempt: job.attempt })
      await repo.markDone(db, job, at())
    } catch (error) {
      if (leaseLost) return
      if (stopped && abort.signal.aborted) {
        await repo.release(db, job, at())
        return
      }
      const message = messageOf(error)
      if (job.attempt >= job.maxAttempts) return finishFailed(job, handler, message)
      await repo.markRetry(db, job, message, at(backoffMs * 4 ** (job.attempt - 1)))
      log.warn({ job: job.id, kind: job.kind, attempt: job.attempt, error: message }, 'job failed, will retry')
    } finally {
      clearInterval(renewal)
      current = null
    }
  }

  /** Claims and runs due jobs until none is left; answers how many ran. */
  async function runDue(): Promise<number> {
    let ran = 0
    while (!stopped) {
      const job = await repo.claimJob(db, kinds, at(), at(leaseMs))
      if (!job) break
      await runJob(job)
      ran += 1
    }
    return ran
  }

  function sleep() {
    if (timer) clearTimeout(timer)
    timer = setTimeout(wake, pollMs)
    timer.unref()
  }

  /** Looks for due jobs now (or right after the current pass). */
  function wake() {
    if (stopped) return
    if (loop) {
      again = true
      return
    }
    loop = runDue()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: loggableError(error) }, 'job worker pass failed'),
      )
      .finally(() => {
        loop = null
        if (again) {
          again = false
          wake()
        } else if (!stopped) sleep()
      })
  }

  return {
    start: wake,
    wake,
    /** Resolves once no job is due or running (tests; a stopped worker resolves at once). */
    async drain() {
      wake()
      while (loop) await loop
    },
    /** Stops polling, aborts the running job (queued again) and waits for the worker to settle. */
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      current?.abort()
      while (loop) await loop
    },
  }
}

export type JobWorker = ReturnType<typeof createJobWorker>

/** Every process's jobs by state, from the database (what /metrics reports). */
export const countJobs = (db: Db) => repo.countUnfinished(db)
