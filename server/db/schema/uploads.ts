import { sql } from 'drizzle-orm'
import { bigint, check, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { bytea, timestamptz } from '../columns.ts'

/**
 * A chunked upload in progress or finished (upload/img, upload/images). The client's identifier
 * names it only within its owner, so two users' identifiers never meet; the file name the
 * client sends is never stored or used.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `u:<user id>`, or `ip:<client address>` for an anonymous upload/images. */
    owner: text('owner').notNull(),
    /** The simple-uploader identifier, as sent. */
    identifier: text('identifier').notNull(),
    /** `image` (upload/img, upload/images) or `video` (upload/video: chunks written to a file). */
    kind: text('kind').notNull().default('image'),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    totalChunks: integer('total_chunks').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    completedAt: timestamptz('completed_at'),
    /** The stored image once the last chunk arrived. */
    imageKey: text('image_key'),
  },
  (t) => [
    uniqueIndex('uploads_owner_identifier_key').on(t.owner, t.identifier),
    check('uploads_sizes_check', sql`${t.totalSize} > 0 and ${t.totalChunks} > 0 and ${t.chunkSize} > 0`),
  ],
)

/** The chunks received so far; removed once the upload is assembled, or after a day. */
export const uploadChunks = pgTable(
  'upload_chunks',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** 1-based, as simple-uploader counts. */
    chunkNumber: integer('chunk_number').notNull(),
    /** The chunk; null for a video upload, whose chunks are written into its file at their offset. */
    bytes: bytea('bytes'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkNumber] })],
)
