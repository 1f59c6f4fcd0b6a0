import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { SCRAMBLE_SCHEMES } from '../../images/scramble.ts'
import { IMAGE_KINDS } from '../../modules/images/kinds.ts'
import { bytea, timestamptz } from '../columns.ts'

/**
 * Every image the server serves, stored already scrambled (docs/protocol.md). The bytes live in the
 * database, not on a process's disk, so any number of server processes behind a load balancer
 * serve the same images from the same DATABASE_URL.
 */
export const images = pgTable(
  'images',
  {
    /** The public key in `/img/<key>`: 16 random base64url characters. */
    key: text('key').primaryKey(),
    kind: text('kind', { enum: IMAGE_KINDS }).notNull(),
    scheme: text('scheme', { enum: SCRAMBLE_SCHEMES }).notNull(),
    /** Of the original image, e.g. image/png; the scrambled bytes are served as octet-stream. */
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Of the scrambled bytes as served. */
    byteSize: integer('byte_size').notNull(),
    /** Lowercase hex SHA-256 of the scrambled bytes; the ETag. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    /** The user who uploaded it (upload/img); null for the operator's images. */
    uploadedBy: integer('uploaded_by'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    check('images_kind_check', sql.raw(`kind in (${IMAGE_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check('images_scheme_check', sql.raw(`scheme in (${SCRAMBLE_SCHEMES.map((s) => `'${s}'`).join(', ')})`)),
    check('images_byte_size_check', sql`${t.byteSize} = octet_length(${t.bytes})`),
  ],
)
