import { describe, expect, it } from 'vitest'
import { BACKENDS, useFreshDatabase } from '../testing/harness.ts'
import { batchPerTurn, rawPrepared } from './raw.ts'

describe.each(BACKENDS)('rawPrepared (%s)', (backend) => {
  const database = useFreshDatabase(backend)

  it('runs one text with new values each time; rows as arrays of numbers, booleans, bytes and nulls', async () => {
    const query = rawPrepared(
      database.db,
      'raw_test_unnest',
      `select r.n::int4, r.v * 2, r.v > 1, case when r.v > 1 then '\\x0aff'::bytea end,
         extract(epoch from '2026-01-01T00:00:01.9Z'::timestamptz)::float8
       from unnest($1::int4[]) with ordinality as r(v, n)`,
    )
    const rows = await query([[1, 5]])
    expect(rows.map((row) => [...row.slice(0, 3), row[3] && [...(row[3] as Uint8Array)], row[4]])).toEqual([
      [1, 2, false, null, 1767225601.9],
      [2, 10, true, [10, 255], 1767225601.9],
    ])
    // Again with other values: node-postgres reuses the statement it prepared on that connection.
    expect((await query([[7]])).map((row) => row.slice(0, 3))).toEqual([[1, 14, true]])
    expect(await query([[]])).toEqual([])
  })

  it('passes a failing statement’s error to its caller', async () => {
    const query = rawPrepared(database.db, 'raw_test_error', 'select 1 / $1::int4')
    await expect(query([0])).rejects.toThrow(/division by zero/)
  })
})

describe('batchPerTurn', () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve))

  it('runs the calls of one turn together, in order, each getting its own answer', async () => {
    const runs: number[][] = []
    const double = batchPerTurn(async (inputs: number[]) => {
      runs.push(inputs)
      return inputs.map((n) => n * 2)
    })
    const first = Promise.all([double(1), double(2), double(3)])
    expect(runs).toEqual([])
    expect(await first).toEqual([2, 4, 6])
    expect(await double(4)).toBe(8)
    expect(runs).toEqual([[1, 2, 3], [4]])
  })

  it('splits a turn into runs of at most `max`, one per later turn', async () => {
    const runs: number[][] = []
    const echo = batchPerTurn(async (inputs: number[]) => {
      runs.push(inputs)
      return inputs
    }, 2)
    const answers = Promise.all([1, 2, 3, 4, 5].map(echo))
    await turn()
    expect(runs).toEqual([[1, 2]])
    expect(await answers).toEqual([1, 2, 3, 4, 5])
    expect(runs).toEqual([[1, 2], [3, 4], [5]])
  })

  it("rejects every call of a failed run, and only that run's", async () => {
    let fail = true
    const run = batchPerTurn(async (inputs: number[]) => {
      if (fail) throw new Error('down')
      return inputs
    })
    const failed = [run(1), run(2)].map((call) => call.then(String, (error: Error) => error.message))
    expect(await Promise.all(failed)).toEqual(['down', 'down'])
    fail = false
    expect(await run(3)).toBe(3)
    const throwsAtOnce = batchPerTurn<number, number>(() => {
      throw new Error('sync')
    })
    await expect(throwsAtOnce(1)).rejects.toThrow('sync')
  })
})
