import type { Db } from './client.ts'

/**
 * A query built once per database handle and run as a prepared statement: drizzle assembles its
 * SQL text once instead of on every call, and PostgreSQL parses and plans it once per
 * connection. For the queries every request runs (the session lookup, the HLS key check),
 * where building the text was the largest cost. Placeholders carry the per-call values; pass
 * dates as ISO strings (a placeholder skips the column's own encoding).
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const queries = new WeakMap<Db, Query>()
  return (db) => {
    let query = queries.get(db)
    if (!query) queries.set(db, (query = build(db)))
    return query
  }
}
