import { and, asc, count, eq, gte, inArray, isNull, lt, notExists, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { preparedPerDb } from '../../db/prepared.ts'
import { users } from '../../db/schema/accounts.ts'
import { actors, collections, topics, videos } from '../../db/schema/catalogue.ts'
import { postImages } from '../../db/schema/community.ts'
import { images } from '../../db/schema/images.ts'
import { appConfig } from '../../db/schema/ping.ts'
import { feedback } from '../../db/schema/support.ts'
import { uploadChunks, uploads } from '../../db/schema/uploads.ts'

export type UploadRow = typeof uploads.$inferSelect
/** `image` keeps its chunks in upload_chunks; `video` writes them into its file (video.ts). */
export type UploadKind = 'image' | 'video'

// pg_advisory_xact_lock(namespace, key) namespace, ASCII "UPLD".
const UPLOAD_OWNER_LOCK = 0x55504c44

/** Until the transaction ends, other new uploads of this owner wait here, so the daily cap counts them all. */
export async function lockOwner(db: Db, owner: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${UPLOAD_OWNER_LOCK}, hashtext(${owner}))`)
}

/** The upload, locked until the transaction ends: its chunks are counted and assembled one request at a time. */
export async function findUploadForUpdate(db: Db, owner: string, identifier: string): Promise<UploadRow | null> {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.owner, owner), eq(uploads.identifier, identifier)))
    .limit(1)
    .for('update')
  return rows[0] ?? null
}

export async function findUpload(db: Db, owner: string, identifier: string): Promise<UploadRow | null> {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.owner, owner), eq(uploads.identifier, identifier)))
    .limit(1)
  return rows[0] ?? null
}

/** The owner's uploads of this kind begun since `since` (images and videos are capped apart). */
export async function countUploadsSince(db: Db, owner: string, kind: UploadKind, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.owner, owner), eq(uploads.kind, kind), gte(uploads.createdAt, since)))
  return rows[0]?.n ?? 0
}

/** Does nothing when the owner already has an upload of this identifier. */
export async function insertUpload(db: Db, upload: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(upload).onConflictDoNothing()
}

/** A chunk sent twice is kept once; answers whether this one was new. `bytes` null: the chunk is in the upload's file. */
export async function insertChunk(db: Db, uploadId: number, chunkNumber: number, bytes: Uint8Array | null) {
  const rows = await db
    .insert(uploadChunks)
    .values({ uploadId, chunkNumber, bytes })
    .onConflictDoNothing()
    .returning({ chunkNumber: uploadChunks.chunkNumber })
  return rows.length > 0
}

export async function countChunks(db: Db, uploadId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(uploadChunks).where(eq(uploadChunks.uploadId, uploadId))
  return rows[0]?.n ?? 0
}

/** countChunks as a prepared statement, for the database handle itself (every video chunk runs it). */
export async function countChunksPrepared(db: Db, uploadId: number): Promise<number> {
  const rows = await countChunksQuery(db).execute({ uploadId })
  return rows[0]?.n ?? 0
}

const countChunksQuery = preparedPerDb((db) =>
  db
    .select({ n: count() })
    .from(uploadChunks)
    .where(eq(uploadChunks.uploadId, sql.placeholder('uploadId')))
    .prepare('count_upload_chunks'),
)

const videoChunkTargetQuery = preparedPerDb((db) =>
  db
    .select({
      bannedUntil: users.bannedUntil,
      upload: uploads,
      present: sql<boolean>`exists (select 1 from ${uploadChunks} where ${uploadChunks.uploadId} = ${uploads.id} and ${uploadChunks.chunkNumber} = ${sql.placeholder('chunkNumber')})`,
    })
    .from(users)
    .leftJoin(
      uploads,
      and(eq(uploads.owner, sql.placeholder('owner')), eq(uploads.identifier, sql.placeholder('identifier'))),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('video_chunk_target'),
)

/**
 * What a video chunk needs before its bytes are written, in one prepared query: the end of its
 * user's ban, the owner's upload of this identifier (unlocked; null before its first
 * chunk) and whether this chunk's row is there already.
 */
export async function findVideoChunkTarget(
  db: Db,
  target: { userId: number; owner: string; identifier: string; chunkNumber: number },
): Promise<{ bannedUntil: Date | null; upload: UploadRow | null; present: boolean }> {
  const rows = await videoChunkTargetQuery(db).execute(target)
  const row = rows[0]
  return row
    ? { bannedUntil: row.bannedUntil, upload: row.upload, present: row.present }
    : { bannedUntil: null, upload: null, present: false }
}

/**
 * Records that a chunk of an unfinished upload is in its file (bytes null), outside any
 * transaction; answers whether this call inserted it. False for a chunk recorded already, an
 * upload finished or removed meanwhile (the caller tells them apart under the row's lock).
 */
export async function recordFileChunk(db: Db, uploadId: number, chunkNumber: number): Promise<boolean> {
  try {
    // Both drivers answer execute with a result whose `rows` are the returned rows.
    const result = (await db.execute(sql`
      insert into ${uploadChunks} (upload_id, chunk_number)
      select ${uploads.id}, ${chunkNumber}::integer from ${uploads}
      where ${uploads.id} = ${uploadId} and ${uploads.completedAt} is null
      on conflict do nothing
      returning chunk_number`)) as unknown as { rows: unknown[] }
    return result.rows.length > 0
  } catch (error) {
    // The upload was deleted between this statement's read of it and its foreign-key check.
    if (isForeignKeyViolation(error)) return false
    throw error
  }
}

/** Forgets a chunk recorded by a request that then failed, so the GET check asks for it again. */
export async function deleteChunk(db: Db, uploadId: number, chunkNumber: number) {
  await db
    .delete(uploadChunks)
    .where(and(eq(uploadChunks.uploadId, uploadId), eq(uploadChunks.chunkNumber, chunkNumber)))
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23503') return true
  }
  return false
}

export async function hasChunk(db: Db, uploadId: number, chunkNumber: number): Promise<boolean> {
  const rows = await db
    .select({ chunkNumber: uploadChunks.chunkNumber })
    .from(uploadChunks)
    .where(and(eq(uploadChunks.uploadId, uploadId), eq(uploadChunks.chunkNumber, chunkNumber)))
    .limit(1)
  return rows.length === 1
}

/** An image upload's chunks in order (a video upload's are in its file, not here). */
export async function readChunks(db: Db, uploadId: number): Promise<Uint8Array[]> {
  const rows = await db
    .select({ bytes: uploadChunks.bytes })
    .from(uploadChunks)
    .where(eq(uploadChunks.uploadId, uploadId))
    .orderBy(asc(uploadChunks.chunkNumber))
  return rows.map((row) => row.bytes ?? new Uint8Array())
}

/** Marks the upload done (with its image, or null for a video) and drops its chunks. */
export async function completeUpload(db: Db, uploadId: number, imageKey: string | null, now: Date) {
  await db.update(uploads).set({ completedAt: now, imageKey }).where(eq(uploads.id, uploadId))
  await db.delete(uploadChunks).where(eq(uploadChunks.uploadId, uploadId))
}

/** The upload and (by cascade) its chunks. */
export async function deleteUpload(db: Db, owner: string, identifier: string) {
  await db.delete(uploads).where(and(eq(uploads.owner, owner), eq(uploads.identifier, identifier)))
}

/** Removes one upload and its chunk rows; nothing when it is gone already. */
export async function deleteUploadById(db: Db, uploadId: number) {
  await db.delete(uploads).where(eq(uploads.id, uploadId))
}

/** Uploads begun before `before`, finished or not, with their chunks; answers the removed rows. */
export async function deleteUploadsCreatedBefore(db: Db, before: Date) {
  return db
    .delete(uploads)
    .where(lt(uploads.createdAt, before))
    .returning({ id: uploads.id, kind: uploads.kind, completedAt: uploads.completedAt })
}

/** Of these upload ids, the video uploads still receiving chunks (their files are in use). */
export async function partialVideoUploads(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.kind, 'video'), isNull(uploads.completedAt)))
  return rows.map((row) => row.id)
}

/** The end of the user's ban (users.banned_until), null when none was ever set. */
export async function bannedUntil(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ bannedUntil: users.bannedUntil }).from(users).where(eq(users.id, userId))
  return row?.bannedUntil ?? null
}

export async function findImageSize(db: Db, key: string) {
  const rows = await db
    .select({ width: images.width, height: images.height })
    .from(images)
    .where(eq(images.key, key))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Every place that names an image by its key: a post's pictures, an avatar, a feedback's
 * attachments, a finished upload still answering retries, and the operator's covers, actor
 * avatars and config (ads). An image named by none of them is on nothing.
 */
function imageReferences(): SQL[] {
  const key = images.key
  return [
    sql`(select 1 from ${postImages} where ${postImages.imageKey} = ${key})`,
    sql`(select 1 from ${users} where ${users.avatar} = ${key})`,
    sql`(select 1 from ${feedback} where ${feedback.imageKeys} @> jsonb_build_array(${key}))`,
    sql`(select 1 from ${uploads} where ${uploads.imageKey} = ${key})`,
    sql`(select 1 from ${videos} where ${videos.cover} = ${key})`,
    sql`(select 1 from ${collections} where ${collections.cover} = ${key})`,
    sql`(select 1 from ${topics} where ${topics.cover} = ${key})`,
    sql`(select 1 from ${actors} where ${actors.avatar} = ${key})`,
    sql`(select 1 from ${appConfig} where strpos(${appConfig.value}::text, ${key}) > 0)`,
  ]
}

/** Upload images (kind `upload`) stored before `before` that nothing names. */
const unreferencedUploadImage = (before: Date) =>
  and(eq(images.kind, 'upload'), lt(images.createdAt, before), ...imageReferences().map((ref) => notExists(ref)))

/**
 * Up to `limit` keys of unreferenced upload images, locked until the transaction ends. An image
 * being attached is locked `key share` by its attaching transaction, and skipped here.
 */
export async function lockUnreferencedUploadImages(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: images.key })
    .from(images)
    .where(unreferencedUploadImage(before))
    .limit(limit)
    .for('update', { skipLocked: true })
  return rows.map((row) => row.key)
}

/**
 * Deletes those of `keys` still unreferenced. Run after lockUnreferencedUploadImages, this
 * statement's snapshot sees every attach that committed before the lock was taken.
 */
export async function deleteUnreferencedUploadImages(db: Db, keys: string[], before: Date): Promise<string[]> {
  if (keys.length === 0) return []
  const rows = await db
    .delete(images)
    .where(and(inArray(images.key, keys), unreferencedUploadImage(before)))
    .returning({ key: images.key })
  return rows.map((row) => row.key)
}
