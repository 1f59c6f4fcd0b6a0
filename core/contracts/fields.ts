import * as v from 'valibot'
import { CONTROL_CHARACTER } from './text.ts'

/**
 * The field rules every contract shares. The server answers a failed rule with 4000 and
 * "field: reason" (`describeIssue` in call.ts), so the reasons here leave the field name to the path.
 */

/** Every id column is a PostgreSQL integer: ids run from 1 to 2^31 − 1. */
export const MAX_ID = 2_147_483_647

const ID_REASON = `must be an integer from 1 to ${MAX_ID}`

/**
 * An id as the app sends it: a JSON number. Nothing is coerced — not `true`, `[4]`, `"0x10"`,
 * `" 4 "` nor `"4"` — and past MAX_ID it is refused here rather than by the database.
 */
export const IdSchema = v.pipe(
  v.number(ID_REASON),
  v.integer(ID_REASON),
  v.minValue(1, ID_REASON),
  v.maxValue(MAX_ID, ID_REASON),
)

/**
 * Text that is stored or searched for: any string without control characters (tabs and line
 * breaks included). Pipe length rules and trim after it.
 */
export const PlainTextSchema = v.pipe(
  v.string('must be text'),
  v.check((text) => !CONTROL_CHARACTER.test(text), 'must not contain control characters'),
)

const MAX_CURSOR_LENGTH = 256

/** The opaque keyset cursor of a paged list; absent for the first page. */
export const CursorSchema = v.optional(v.pipe(v.string(), v.maxLength(MAX_CURSOR_LENGTH, 'cursor is too long')))

/** Whole numbers in answers: ids, counts, Unix times, diamonds. */
export const IntSchema = v.pipe(v.number(), v.integer())
