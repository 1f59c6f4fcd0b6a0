import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jobs } from '../../db/schema/jobs.ts'
import { BACKENDS, START_MS, useFreshDatabase } from '../../testing/harness.ts'
import { createJobWorker, enqueueJob, LEASE_MS, RETRY_BACKOFF_MS, type JobHandler, type JobWorker } from './queue.ts'
import * as repo from './repo.ts'

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger

describe.each(BACKENDS)('job queue (%s)', (backend) => {
  const database = useFreshDatabase(backend, { poolSize: 6 })
  let nowMs = START_MS
  const now = () => nowMs
  const advance = (ms: number) => {
    nowMs += ms
  }

  // A worker left polling would take the next test's jobs.
  const workers: JobWorker[] = []
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()))
  })
  function worker(handlers: Record<string, JobHandler>, options: { leaseMs?: number } = {}) {
    const w = createJobWorker({ db: database.db, now, log: quiet, handlers, ...options })
    workers.push(w)
    return w
  }
  const enqueue = (payload: Record<string, unknown> = {}, kind = 'test') =>
    database.db.transaction((tx) => enqueueJob(tx, { kind, payload, now: new Date(nowMs) }))
  const rows = () => database.db.select().from(jobs).orderBy(jobs.id)

  it('runs a job queued in a committed transaction once, and never one whose transaction rolled back', async () => {
    nowMs = START_MS
    const seen: unknown[] = []
    const w = worker({ test: { run: async (payload) => void seen.push(payload) } })
    await database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'test', payload: { n: 0 }, now: new Date(nowMs) })
        throw new Error('rolled back')
      })
      .catch(() => {})
    const id = await enqueue({ n: 1 })
    await w.drain()
    await w.drain()
    expect(seen).toEqual([{ n: 1 }])
    expect(await rows()).toEqual([
      expect.objectContaining({ id, state: 'done', attempts: 1, lockedUntil: null, finishedAt: new Date(nowMs) }),
    ])
  })

  it('retries a failure twice with a growing wait, records the error, then fails it for good once', async () => {
    nowMs = START_MS
    const failedWith: string[] = []
    const handler: JobHandler = {
      run: async ({ n }) => {
        throw new Error(`broken ${String(n)}`)
      },
      failed: async (_tx, payload, error) => void failedWith.push(`${String(payload.n)}: ${error}`),
    }
    const w = worker({ test: handler })
    await enqueue({ n: 7 })
    await w.drain()
    expect(await rows()).toEqual([
      expect.objectContaining({
        state: 'queued',
        attempts: 1,
        lastError: 'Error: broken 7',
        runAfter: new Date(nowMs + RETRY_BACKOFF_MS),
      }),
    ])
    advance(RETRY_BACKOFF_MS - 1)
    await w.drain()
    expect((await rows())[0]!.attempts).toBe(1)
    advance(1)
    await w.drain()
    expect(await rows()).toEqual([
      expect.objectContaining({ state: 'queued', attempts: 2, runAfter: new Date(nowMs + 4 * RETRY_BACKOFF_MS) }),
    ])
    advance(4 * RETRY_BACKOFF_MS)
    await w.drain()
    expect(await rows()).toEqual([
      expect.objectContaining({
        state: 'failed',
        attempts: 3,
        lastError: 'Error: broken 7',
        finishedAt: new Date(nowMs),
      }),
    ])
    expect(failedWith).toEqual(['7: Error: broken 7'])
    advance(3600_000)
    await w.drain()
    expect(failedWith).toHaveLength(1)
  })

  it('a job whose worker died is taken again once its lease lapses, and finishes', async () => {
    nowMs = START_MS
    let runs = 0
    const w = worker({ test: { run: async () => void (runs += 1) } })
    await enqueue()
    // What a process that died mid-job leaves: running, its lease not yet lapsed.
    const dead = await repo.claimJob(database.db, ['test'], new Date(nowMs), new Date(nowMs + LEASE_MS))
    expect(dead).toMatchObject({ attempt: 1 })
    await w.drain()
    expect(runs).toBe(0)
    advance(LEASE_MS + 1)
    await w.drain()
    expect(runs).toBe(1)
    expect(await rows()).toEqual([expect.objectContaining({ state: 'done', attempts: 2 })])
    // The dead worker's late answer changes nothing: its attempt is not the job's any more.
    expect(await repo.markFailed(database.db, dead!, 'late', new Date(nowMs))).toBe(false)
  })

  it('fails a job interrupted on its last attempt instead of running it a fourth time', async () => {
    nowMs = START_MS
    let runs = 0
    const failed: string[] = []
    const w = worker({ test: { run: async () => void (runs += 1), failed: async (_tx, _p, e) => void failed.push(e) } })
    await enqueue()
    for (let i = 0; i < 3; i++) {
      await repo.claimJob(database.db, ['test'], new Date(nowMs), new Date(nowMs + LEASE_MS))
      advance(LEASE_MS + 1)
    }
    await w.drain()
    expect(runs).toBe(0)
    expect(failed).toEqual(['interrupted on its last attempt'])
    expect(await rows()).toEqual([expect.objectContaining({ state: 'failed', attempts: 4 })])
  })

  it('renews the lease while the handler runs, so no other worker takes the job', async () => {
    nowMs = START_MS
    const leaseMs = 90
    const other = worker({ test: { run: async () => expect.fail('taken twice') } }, { leaseMs })
    const w = worker(
      {
        test: {
          run: async () => {
            for (let i = 0; i < 3; i++) {
              const before = nowMs
              advance(leaseMs / 2)
              await vi.waitFor(async () => {
                const [row] = await rows()
                expect(row!.lockedUntil!.getTime()).toBeGreaterThanOrEqual(before + leaseMs)
              })
              await other.drain()
            }
          },
        },
      },
      { leaseMs },
    )
    await enqueue()
    await w.drain()
    expect(await rows()).toEqual([expect.objectContaining({ state: 'done', attempts: 1 })])
  })

  it('stop aborts the running job and queues it again, its attempt not counted', async () => {
    nowMs = START_MS
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const w = worker({
      test: {
        run: (_payload, { signal }) =>
          new Promise((_resolve, reject) => {
            started()
            signal.addEventListener('abort', () => reject(new Error('aborted')))
          }),
      },
    })
    await enqueue()
    w.start()
    await running
    await w.stop()
    expect(await rows()).toEqual([expect.objectContaining({ state: 'queued', attempts: 0, lockedUntil: null })])
  })

  it('two workers share 30 jobs, each run exactly once', async () => {
    nowMs = START_MS
    const runs = new Map<number, number>()
    const handler: JobHandler = {
      run: async ({ n }) => {
        runs.set(Number(n), (runs.get(Number(n)) ?? 0) + 1)
        await new Promise((resolve) => setImmediate(resolve))
      },
    }
    for (let n = 0; n < 30; n++) await enqueue({ n })
    const [a, b] = [worker({ test: handler }), worker({ test: handler })]
    await Promise.all([a.drain(), b.drain()])
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n))
    expect([...runs.values()].every((count) => count === 1)).toBe(true)
    expect((await rows()).every((row) => row.state === 'done')).toBe(true)
  })

  it('takes only the kinds it has handlers for', async () => {
    nowMs = START_MS
    const w = worker({ test: { run: async () => {} } })
    await enqueue({}, 'other')
    await w.drain()
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'other'))
    expect(row).toMatchObject({ state: 'queued', attempts: 0 })
  })
})
