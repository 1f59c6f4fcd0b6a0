import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { tags, videos, videoTags } from '../../db/schema/catalogue.ts'
import { videoStreams } from '../../db/schema/streams.ts'

/** What /hls needs to find a video's files, and whether it has a preview to serve. */
export async function findStream(db: Db, videoId: number): Promise<{ dir: string; previewSeconds: number } | null> {
  const rows = await db
    .select({ dir: videoStreams.dir, previewSeconds: videoStreams.previewSeconds })
    .from(videoStreams)
    .where(eq(videoStreams.videoId, videoId))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Draws the next video id before the row exists, so the files can be made under
 * `media/<id>/` first and the row written after them (a failed import burns the id, harmlessly).
 */
export async function reserveVideoId(db: Db): Promise<number> {
  // Both drivers answer execute with a result whose `rows` are the selected rows.
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('videos', 'id'))::int as id`,
  )) as unknown as {
    rows: { id: number }[]
  }
  const id = result.rows[0]?.id
  if (typeof id !== 'number') throw new Error('could not reserve a video id')
  return id
}

export type NewVideo = Omit<typeof videos.$inferInsert, 'id'>

/** Inserts the video under a reserved id. */
export async function insertVideo(db: Db, id: number, video: NewVideo): Promise<void> {
  await db
    .insert(videos)
    .overridingSystemValue()
    .values({ ...video, id })
}

/** The ids of these tag names, creating the missing ones. */
export async function ensureTags(db: Db, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return []
  await db
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing()
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(inArray(tags.name, [...names]))
  return rows.map((row) => row.id)
}

export async function tagVideo(db: Db, videoId: number, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return
  await db.insert(videoTags).values(tagIds.map((tagId) => ({ tagId, videoId })))
}

export type NewStream = typeof videoStreams.$inferInsert

export async function insertStream(db: Db, stream: NewStream): Promise<void> {
  await db.insert(videoStreams).values(stream)
}
