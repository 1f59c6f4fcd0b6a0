import { z } from 'zod'
import { CONTROL_CHARACTER } from './text.ts'

/**
 * The field rules every request contract shares. The server answers a failed rule
 * with 4000 and "field: reason" (server/plugins/calls.ts), so the reasons here leave the field
 * name to the path.
 */

/** Every id column is a PostgreSQL integer: ids run from 1 to 2^31 − 1. */
export const MAX_ID = 2_147_483_647

const ID_REASON = `must be an integer from 1 to ${MAX_ID}`

/**
 * An id as the app sends it: a JSON number. Nothing is coerced — not `true`, `[4]`, `"0x10"`,
 * `" 4 "` nor `"4"` — and past MAX_ID it is refused here rather than by the database.
 */
export const IdSchema = z.number({ error: ID_REASON }).int(ID_REASON).min(1, ID_REASON).max(MAX_ID, ID_REASON)

/**
 * Text that is stored or searched for: any string without control characters (tabs and line
 * breaks included). Chain length rules and trim after it.
 */
export const PlainTextSchema = z
  .string({ error: 'must be text' })
  .refine((text) => !CONTROL_CHARACTER.test(text), 'must not contain control characters')
