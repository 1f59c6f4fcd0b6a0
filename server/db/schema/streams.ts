import { sql } from 'drizzle-orm'
import { boolean, check, doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import type { Rendition } from '../../media-pipeline/transcode.ts'
import { bytea, timestampMs } from '../columns.ts'
import { videos } from './catalogue.ts'

/**
 * A video's HLS stream. The files live under `${DATA_DIR}/media/${dir}` and are
 * served at `/hls/<videoId>/…`; the AES-128 key lives only here and is served by
 * `/api/media/key/<videoId>` to entitled users.
 */
export const videoStreams = pgTable(
  'video_streams',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** Relative to `${DATA_DIR}/media`, `/` separators, no leading slash; holds master.m3u8. */
    dir: text('dir').notNull(),
    encrypted: boolean('encrypted').notNull(),
    /** 16 bytes when encrypted, else null. */
    key: bytea('key'),
    /** Smallest first, as in the master playlist. */
    renditions: jsonb('renditions').$type<Rendition[]>().notNull(),
    /**
     * Length of the unencrypted preview under `${dir}/preview/` (a priced video's first
     * seconds, media/play's previewLines); 0 when there is none, as for streams made before
     * previews existed.
     */
    previewSeconds: doublePrecision('preview_seconds').notNull().default(0),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    check(
      'video_streams_key_check',
      sql`(${t.encrypted} and octet_length(${t.key}) = 16) or (not ${t.encrypted} and ${t.key} is null)`,
    ),
    check('video_streams_preview_seconds_check', sql`${t.previewSeconds} >= 0`),
  ],
)
