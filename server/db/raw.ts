import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Db } from './client.ts'

/** Rows as arrays of the driver's own values, in the statement's column order. */
export type RawRows = unknown[][]

/**
 * One SQL text run as a prepared statement on whichever driver `db` wraps (PGlite or a
 * node-postgres pool), rows as arrays. For the few statements every request runs: it skips
 * drizzle's query building and row mapping, and node-postgres's per-query copy of drizzle's
 * type overrides. Values come parsed by the driver itself — int2/int4/float8 as numbers,
 * booleans, bytea as bytes; int8 and timestamps differ between the drivers, so cast them in
 * the SQL (e.g. `…::int4`, `extract(epoch from …)::float8`).
 */
export function rawPrepared(db: Db, name: string, text: string): (values: unknown[]) => Promise<RawRows> {
  let run: ((values: unknown[]) => Promise<RawRows>) | null = null
  // Resolved at the first call: an app built without a database (static-app tests) never runs it.
  return (values) => (run ??= driverQuery(db, name, text))(values)
}

function driverQuery(db: Db, name: string, text: string): (values: unknown[]) => Promise<RawRows> {
  const client = (db as { $client?: unknown }).$client
  if (client instanceof pg.Pool) {
    return async (values) => (await client.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows
  }
  if (client instanceof PGlite) {
    return async (values) => (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows
  }
  throw new Error('rawPrepared: the database is neither PGlite nor a node-postgres pool')
}

/**
 * Calls made in the same turn of the event loop run together: `run` receives their inputs (at
 * most `max` at a time) and answers one output per input, in the same order. Under load, the
 * requests read from several sockets in one poll then share one database round trip — on this
 * kind of machine the write to the database's socket and the read of its answer cost more than
 * the query. A call on its own waits only for the end of the current turn (setImmediate).
 */
export function batchPerTurn<In, Out>(run: (inputs: In[]) => Promise<Out[]>, max = 64): (input: In) => Promise<Out> {
  const pending: { input: In; resolve: (output: Out) => void; reject: (error: unknown) => void }[] = []
  const flush = () => {
    const batch = pending.splice(0, max)
    if (pending.length > 0) setImmediate(flush)
    let outputs: Promise<Out[]>
    try {
      outputs = run(batch.map((call) => call.input))
    } catch (error) {
      outputs = Promise.reject(error)
    }
    outputs.then(
      (outputs) => batch.forEach((call, i) => call.resolve(outputs[i]!)),
      (error: unknown) => batch.forEach((call) => call.reject(error)),
    )
  }
  return (input) =>
    new Promise<Out>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush)
      pending.push({ input, resolve, reject })
    })
}
