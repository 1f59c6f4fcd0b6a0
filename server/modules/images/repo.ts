import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { images } from '../../db/schema/images.ts'

export type NewImage = typeof images.$inferInsert

/** False when the key is taken (the caller draws another). */
export async function insertImage(db: Db, image: NewImage): Promise<boolean> {
  const rows = await db.insert(images).values(image).onConflictDoNothing().returning({ key: images.key })
  return rows.length === 1
}

/** What serving needs: the scrambled bytes and their hash. */
export async function findServedImage(db: Db, key: string) {
  const rows = await db
    .select({ bytes: images.bytes, sha256: images.sha256 })
    .from(images)
    .where(eq(images.key, key))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Who uploaded the image (null for the operator's images); undefined when there is no such image.
 * The row stays locked `key share` until the transaction ends, so an image being attached is not
 * collected meanwhile (the uploads module's removeUnattachedImages skips it).
 */
export async function lockUploader(db: Db, key: string): Promise<number | null | undefined> {
  const rows = await db
    .select({ uploadedBy: images.uploadedBy })
    .from(images)
    .where(eq(images.key, key))
    .limit(1)
    .for('key share')
  return rows[0]?.uploadedBy
}

/**
 * The images among `keys` this user uploaded through upload/img (upload/images' have no
 * uploader), locked `key share` until the transaction ends like lockUploader's, so the sweep of
 * unattached uploads skips images being attached.
 */
export async function lockOwnImages(db: Db, userId: number, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db
    .select({ key: images.key })
    .from(images)
    .where(and(inArray(images.key, [...keys]), eq(images.uploadedBy, userId)))
    .for('key share')
  return new Set(rows.map((row) => row.key))
}
