import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm'
import { PostVideoState } from '../../../core/contracts/community-rules.ts'
import type { Db } from '../../db/client.ts'
import { videos } from '../../db/schema/catalogue.ts'
import { postVideos, posts } from '../../db/schema/community.ts'
import { images } from '../../db/schema/images.ts'
import { videoStreams } from '../../db/schema/streams.ts'

export type PostVideoRow = typeof postVideos.$inferSelect

export async function insertPostVideo(
  db: Db,
  video: { ownerId: number; uploadId: number; sourcePath: string; duration: number; createdAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(postVideos)
    .values({ ...video, state: PostVideoState.Processing })
    .returning({ id: postVideos.id })
  return row!.id
}

export async function findPostVideo(db: Db, id: number): Promise<PostVideoRow | null> {
  const [row] = await db.select().from(postVideos).where(eq(postVideos.id, id))
  return row ?? null
}

/** The post video an upload made, and whether a post holds it already. */
export async function findByUpload(db: Db, uploadId: number) {
  const [row] = await db
    .select({
      id: postVideos.id,
      duration: postVideos.duration,
      attached: sql<boolean>`exists (select 1 from ${posts} where ${posts.videoId} = ${postVideos.id})`,
    })
    .from(postVideos)
    .where(eq(postVideos.uploadId, uploadId))
  return row ?? null
}

export async function sourcesInUse(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set()
  const rows = await db
    .select({ path: postVideos.sourcePath })
    .from(postVideos)
    .where(inArray(postVideos.sourcePath, paths))
  return new Set(rows.map((row) => row.path ?? ''))
}

/** The text of the post the video is attached to, if it is yet. */
export async function postContentOf(db: Db, postVideoId: number): Promise<string | null> {
  const [row] = await db.select({ content: posts.content }).from(posts).where(eq(posts.videoId, postVideoId))
  return row?.content ?? null
}

/** Ready with its video, source forgotten; false when it is no longer processing (collected meanwhile). */
export async function markReady(db: Db, id: number, videoId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(postVideos)
    .set({ state: PostVideoState.Ready, videoId, readyAt: at, sourcePath: null, error: '' })
    .where(and(eq(postVideos.id, id), eq(postVideos.state, PostVideoState.Processing)))
    .returning({ id: postVideos.id })
  return rows.length > 0
}

/** Failed for good; answers the source it held (to remove). */
export async function markFailed(db: Db, id: number, error: string): Promise<string | null> {
  const [before] = await db
    .select({ sourcePath: postVideos.sourcePath })
    .from(postVideos)
    .where(eq(postVideos.id, id))
    .for('update')
  await db
    .update(postVideos)
    .set({ state: PostVideoState.Failed, error, sourcePath: null })
    .where(eq(postVideos.id, id))
  return before?.sourcePath ?? null
}

/** Post videos made before `before` that no post names (an upload never published). */
export async function unattachedBefore(db: Db, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: postVideos.id })
    .from(postVideos)
    .where(
      and(
        lt(postVideos.createdAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(posts)
            .where(eq(posts.videoId, postVideos.id)),
        ),
      ),
    )
    .limit(limit)
  return rows.map((row) => row.id)
}

/**
 * Deletes an unattached post video and its transcoded video (the stream row goes by cascade, the
 * cover image with it); answers the files to remove, or null when a post took it meanwhile.
 */
export async function deleteUnattached(db: Db, id: number) {
  const [row] = await db
    .delete(postVideos)
    .where(
      and(
        eq(postVideos.id, id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(posts)
            .where(eq(posts.videoId, postVideos.id)),
        ),
      ),
    )
    .returning({ sourcePath: postVideos.sourcePath, videoId: postVideos.videoId })
  if (!row) return null
  let streamDir: string | null = null
  if (row.videoId !== null) {
    const [stream] = await db
      .select({ dir: videoStreams.dir })
      .from(videoStreams)
      .where(eq(videoStreams.videoId, row.videoId))
    streamDir = stream?.dir ?? null
    const [video] = await db.delete(videos).where(eq(videos.id, row.videoId)).returning({ cover: videos.cover })
    if (video?.cover) await db.delete(images).where(eq(images.key, video.cover))
  }
  return { sourcePath: row.sourcePath, streamDir }
}
