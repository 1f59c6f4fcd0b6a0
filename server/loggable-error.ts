import { DrizzleQueryError } from 'drizzle-orm/errors'

/**
 * What an unexpected error logs: a failed query as its statement and the database's
 * code and message, never the values bound to it — a devID is a guest's credential. drizzle's
 * message ("Failed query: … params: …") and the drivers' `params`, `detail` ("Key (device_id)=(…)")
 * and `where` ("parameter $1 = '…'") hold them, so a failed query becomes a FailedQuery carrying
 * only what is safe. Other errors are left to the logger's serializer as they are.
 */
export function loggableError(error: unknown): unknown {
  if (error instanceof DrizzleQueryError) return new FailedQuery(error.query, error.cause, error.params, error)
  if (isDatabaseError(error)) {
    // A statement run on the driver itself (server/db/raw.ts); PGlite adds its text and values.
    const { query, params } = error as { query?: unknown; params?: unknown }
    return new FailedQuery(typeof query === 'string' ? query : '', error, Array.isArray(params) ? params : [], error)
  }
  if (error instanceof Error && error.cause !== undefined) {
    // The logger appends a cause's message and stack to the error's own.
    const cause = loggableError(error.cause)
    if (cause === error.cause) return error
    const copy = new Error(error.message, { cause })
    copy.name = error.name
    copy.stack = error.stack ?? ''
    return copy
  }
  return error
}

/** A failed statement as the log shows it; pino's `err` serializer copies its fields. */
class FailedQuery extends Error {
  override get name() {
    return 'FailedQuery'
  }
  readonly query: string
  code?: string
  schema?: string
  table?: string
  column?: string
  constraint?: string
  routine?: string

  constructor(query: string, cause: unknown, params: readonly unknown[], original: Error) {
    const database = isDatabaseError(cause) ? cause : null
    const reason = cause instanceof Error ? maskValues(cause.message, params, database) : ''
    super(reason || 'Failed query')
    this.query = query
    if (database) {
      for (const key of ['code', 'schema', 'table', 'column', 'constraint', 'routine'] as const) {
        const value = database[key]
        if (typeof value === 'string') this[key] = value
      }
    }
    this.stack = `${this.name}: ${this.message}\n${framesOf(original)}`
  }
}

/** The fields node-postgres and PGlite both set on a PostgreSQL error. */
interface DatabaseError extends Error {
  code: string
  severity: string
  schema?: string
  table?: string
  column?: string
  constraint?: string
  dataType?: string
  routine?: string
}

function isDatabaseError(error: unknown): error is DatabaseError {
  const { code, severity } = error as { code?: unknown; severity?: unknown }
  return (
    error instanceof Error && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string'
  )
}

/** Shorter bound values (small numbers, flags) would mask ordinary words, and are no secret. */
const MIN_MASKED_LENGTH = 4

/**
 * Any bound value in the message is masked, and since PostgreSQL quotes the values its messages
 * name (`value "2147483648" is out of range`), so is quoted text but for the error's own table,
 * column and constraint names.
 */
function maskValues(message: string, params: readonly unknown[], database: DatabaseError | null): string {
  const names = new Set(
    database ? [database.schema, database.table, database.column, database.constraint, database.dataType] : [],
  )
  let masked = message
  for (const param of params) {
    const text = typeof param === 'string' || typeof param === 'number' ? String(param) : ''
    if (text.length >= MIN_MASKED_LENGTH) masked = masked.replaceAll(text, '…')
  }
  return masked.replace(/"([^"]*)"/g, (quoted, inner: string) => (names.has(inner) ? quoted : '"…"'))
}

/** The stack below its first lines, which repeat the message and with it the values. */
function framesOf(error: Error): string {
  const header = `${error.name}: ${error.message}\n`
  return error.stack?.startsWith(header) ? error.stack.slice(header.length) : ''
}
