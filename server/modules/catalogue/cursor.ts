import { MAX_ID } from '../../../core/contracts/fields.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import { AppError } from '../../errors.ts'

/**
 * Keyset pagination (never OFFSET): a page starts after the last row of the previous one,
 * named by that row's sort key and id. The cursor is opaque to the app: base64url of
 * `[order, key, id]`, where the order names the list's sort so that a cursor from one list
 * cannot be replayed against another's index.
 */
export interface Position {
  /** The sort key: milliseconds for timestamps, the count itself for counts. */
  key: number
  id: number
}

export function encodeCursor(order: string, position: Position): string {
  return Buffer.from(JSON.stringify([order, position.key, position.id]), 'utf8').toString('base64url')
}

/** The largest time a Date holds (ms); counts stay far below it. */
const MAX_KEY = 8.64e15
const BASE64URL = /^[A-Za-z0-9_-]+$/

/** The position a cursor names, null without one; anything malformed or foreign is 4000 "cursor". */
export function decodeCursor(order: string, cursor: string | undefined): Position | null {
  return decodeCursorOf([order], cursor)?.position ?? null
}

/**
 * The order and position a cursor of a list that moves through several orders names (search:
 * exact titles, then the rest); null without one. Anything malformed or of an order not named is
 * 4000 "cursor".
 */
export function decodeCursorOf<Order extends string>(
  orders: readonly Order[],
  cursor: string | undefined,
): { order: Order; position: Position } | null {
  if (cursor === undefined || cursor === '') return null
  const invalid = () => new AppError(ResultCode.ValidationError, 'cursor: not a cursor of this list')
  if (!BASE64URL.test(cursor)) throw invalid()
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(value) || value.length !== 3 || !orders.includes(value[0] as Order)) throw invalid()
  const [order, key, id] = value as [Order, unknown, unknown]
  if (!Number.isSafeInteger(key) || !Number.isSafeInteger(id)) throw invalid()
  if ((key as number) < 0 || (key as number) > MAX_KEY || (id as number) <= 0 || (id as number) > MAX_ID)
    throw invalid()
  return { order, position: { key: key as number, id: id as number } }
}
