import type { SQL } from 'drizzle-orm'
import { bigint, customType, text, timestamp } from 'drizzle-orm/pg-core'

/** A timestamp with time zone at PostgreSQL's default (microsecond) precision. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * Millisecond precision: keyset cursors carry the sort key through JavaScript numbers, so a
 * stored value must survive the round trip exactly (microseconds would not).
 */
export const timestampMs = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 })

/** A non-negative running count, 0 for a new row. */
export const counter = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0)

/**
 * bytea as Uint8Array on both drivers (PGlite answers Uint8Array, node-postgres a Buffer, which
 * is one). Written as a Buffer view: node-postgres sends a Buffer as binary without a copy.
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
})

/**
 * The folded characters and character pairs of a text column, kept by the database: a GIN
 * index over it finds substrings, CJK included, on PGlite and PostgreSQL alike
 * (server/modules/search/README.md). `search_grams` is created by migration 0011_search.
 */
export const searchGrams = (source: () => SQL) => text('search_grams').array().notNull().generatedAlwaysAs(source)
