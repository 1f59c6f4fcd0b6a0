import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import sharp, { type Sharp } from 'sharp'
import type * as v from 'valibot'
import type { UploadChunkResultSchema } from '../../../core/contracts/account.ts'
import { MAX_UPLOAD_BYTES, type UploadChunkParams } from '../../../core/contracts/upload.ts'
import { plainImageType } from '../../../core/images/image-type.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { SessionUser } from '../../plugins/session.ts'
import { refuseBanned as refuseUserBanned } from '../accounts/ban.ts'
import { IMAGE_PATH } from '../images/kinds.ts'
import { storeImage, type ImageConfig } from '../images/service.ts'
import { videoSourcePath } from './files.ts'
import * as repo from './repo.ts'

export type UploadChunkResult = v.InferOutput<typeof UploadChunkResultSchema>

/** New uploads one user may begin in a day. */
export const MAX_UPLOADS_PER_USER_PER_DAY = 50
/** New uploads one address may begin in a day without a session (upload/images). */
export const MAX_UPLOADS_PER_ADDRESS_PER_DAY = 10
/** Decoded pixels sharp may open: a small file that inflates past this is refused, not decoded. */
export const MAX_UPLOAD_PIXELS = 40_000_000
/** Partial uploads older than this are removed, and finished ones are forgotten. */
export const UPLOAD_TTL_MS = 24 * 3600 * 1000
/** Unattached upload images deleted per transaction by removeUnattachedImages. */
const IMAGE_CLEANUP_BATCH = 200

/** Who an upload belongs to: its identifier names it only within this owner. */
export interface UploadOwner {
  /** `u:<user id>` or `ip:<client address>`. */
  key: string
  /** Recorded as the image's uploader; null for an anonymous upload. */
  userId: number | null
  dailyCap: number
}

/** upload/img and a signed-in upload/images belong to the user; an anonymous one to its address. */
export function uploadOwner(user: SessionUser | null, ip: string): UploadOwner {
  return user
    ? { key: `u:${user.userId}`, userId: user.userId, dailyCap: MAX_UPLOADS_PER_USER_PER_DAY }
    : { key: `ip:${ip}`, userId: null, dailyCap: MAX_UPLOADS_PER_ADDRESS_PER_DAY }
}

/** The formats taken, each re-encoded as itself; metadata (EXIF, GPS) is dropped as sharp does by default. */
const ENCODERS: Record<string, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 90 }),
  'image/png': (image) => image.png(),
  'image/webp': (image) => image.webp({ quality: 90 }),
  'image/gif': (image) => image.gif(),
}

export interface UploadsDeps {
  db: Db
  config: ImageConfig & { dataDir: string }
  /** Milliseconds, like Date.now. */
  now: () => number
  randomBytes?: (length: number) => Uint8Array
}

export function refuse(status: number, message: string): AppError {
  return new AppError(ResultCode.ValidationError, message, status)
}

const notAnImage = () => refuse(415, 'file: not a JPEG, PNG, WebP or GIF image')

/**
 * The decoded image, turned upright by its EXIF orientation and encoded again without any
 * metadata; null when sharp cannot decode it or it has more than MAX_UPLOAD_PIXELS.
 */
async function reencode(bytes: Uint8Array, type: string) {
  const encode = ENCODERS[type]
  if (!encode) return null
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, animated: type === 'image/gif' }).autoOrient()
    const { data, info } = await encode(image).toBuffer({ resolveWithObject: true })
    return { bytes: data, width: info.width, height: info.pageHeight ?? info.height }
  } catch {
    return null
  }
}

/** The upload the identifier names, unless the chunk's parameters describe another one (400). */
export function sameUpload(existing: repo.UploadRow, params: UploadChunkParams, kind: repo.UploadKind) {
  if (
    existing.kind !== kind ||
    existing.totalSize !== params.totalSize ||
    existing.chunkSize !== params.chunkSize ||
    existing.totalChunks !== params.totalChunks
  ) {
    throw refuse(400, 'identifier: already names an upload of another size')
  }
  return existing
}

/**
 * The owner's upload of these parameters, locked until the transaction ends; created on its
 * first chunk, within the owner's daily cap of uploads of this kind (429 past it).
 */
export async function lockUpload(
  tx: Db,
  owner: UploadOwner,
  params: UploadChunkParams,
  now: Date,
  kind: repo.UploadKind,
  dailyCap: number,
): Promise<repo.UploadRow> {
  let existing = await repo.findUploadForUpdate(tx, owner.key, params.identifier)
  if (!existing) {
    await repo.lockOwner(tx, owner.key)
    // A chunk of the same new upload may have created it while this one waited for the lock:
    // it is this upload, not another one to count against the cap.
    existing = await repo.findUploadForUpdate(tx, owner.key, params.identifier)
  }
  if (existing) return sameUpload(existing, params, kind)
  const begun = await repo.countUploadsSince(tx, owner.key, kind, new Date(now.getTime() - UPLOAD_TTL_MS))
  if (begun >= dailyCap) throw new AppError(ResultCode.RateLimited, '今日上传次数已达上限，请明天再试')
  await repo.insertUpload(tx, {
    owner: owner.key,
    identifier: params.identifier,
    kind,
    totalSize: params.totalSize,
    totalChunks: params.totalChunks,
    chunkSize: params.chunkSize,
    createdAt: now,
  })
  const created = await repo.findUploadForUpdate(tx, owner.key, params.identifier)
  if (!created) throw new Error('upload vanished after its insert')
  return created
}

/** A banned user (users.banned_until) may read but not upload: 7050, with 403 for the uploader. */
export async function refuseBanned(db: Db, owner: UploadOwner, now: Date) {
  if (owner.userId !== null) refuseUserBanned(await repo.bannedUntil(db, owner.userId), now.getTime(), 403)
}

/**
 * simple-uploader's chunks (server/modules/uploads/README.md): stored in upload_chunks until the
 * last arrives, then assembled, checked, re-encoded and stored as an image in the same
 * transaction, under the upload row's lock so it happens once however the chunks race.
 */
export function createUploadsService(deps: UploadsDeps) {
  const { db, config } = deps

  async function uploadedImage(from: Db, imageKey: string): Promise<UploadChunkResult> {
    const size = await repo.findImageSize(from, imageKey)
    return {
      done: true,
      image: {
        imageId: imageKey,
        url: `${IMAGE_PATH}/${imageKey}`,
        width: size?.width ?? 0,
        height: size?.height ?? 0,
      },
    }
  }

  /** Either the answer, or a refusal to throw once the transaction (which removed the upload) committed. */
  type Outcome = { result: UploadChunkResult } | { refusal: AppError }

  return {
    /** Keeps one chunk; the chunk that completes the upload answers the stored image. */
    async receiveChunk(owner: UploadOwner, input: UploadChunkParams & { chunk: Uint8Array }) {
      const { chunk, ...params } = input
      if (params.totalSize > MAX_UPLOAD_BYTES) {
        throw refuse(413, `totalSize: must be at most ${MAX_UPLOAD_BYTES} bytes`)
      }
      if (chunk.length !== params.currentChunkSize) {
        throw refuse(400, `file: holds ${chunk.length} bytes, not currentChunkSize ${params.currentChunkSize}`)
      }
      const now = new Date(deps.now())
      await refuseBanned(db, owner, now)
      // The first chunk holds the magic bytes: a file that is not an image is refused before anything is kept.
      if (params.chunkNumber === 1 && !ENCODERS[plainImageType(chunk) ?? '']) {
        await repo.deleteUpload(db, owner.key, params.identifier)
        throw notAnImage()
      }
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const upload = await lockUpload(tx, owner, params, now, 'image', owner.dailyCap)
        if (upload.imageKey) return { result: await uploadedImage(tx, upload.imageKey) }
        await repo.insertChunk(tx, upload.id, params.chunkNumber, chunk)
        if ((await repo.countChunks(tx, upload.id)) < upload.totalChunks) return { result: { done: false } }

        const bytes = Buffer.concat(await repo.readChunks(tx, upload.id))
        const type = plainImageType(bytes)
        const image = type ? await reencode(bytes, type) : null
        if (!image) {
          await repo.deleteUpload(tx, owner.key, params.identifier)
          return { refusal: notAnImage() }
        }
        const stored = await storeImage(
          tx,
          { bytes: image.bytes, kind: 'upload', ...(owner.userId !== null ? { uploadedBy: owner.userId } : {}) },
          config,
          { now: deps.now, ...(deps.randomBytes ? { randomBytes: deps.randomBytes } : {}) },
        )
        await repo.completeUpload(tx, upload.id, stored.key, now)
        return {
          result: {
            done: true,
            image: { imageId: stored.key, url: stored.path, width: image.width, height: image.height },
          },
        }
      })
      if ('refusal' in outcome) throw outcome.refusal
      return outcome.result
    },

    /** simple-uploader's GET check: whether this chunk is kept already (every chunk is, once the image is stored). */
    async checkChunk(owner: UploadOwner, params: UploadChunkParams): Promise<UploadChunkResult> {
      const upload = await repo.findUpload(db, owner.key, params.identifier)
      if (!upload) return { present: false, done: false }
      if (upload.imageKey) return { present: true, ...(await uploadedImage(db, upload.imageKey)) }
      return { present: await repo.hasChunk(db, upload.id, params.chunkNumber), done: false }
    },

    /**
     * Removes uploads begun more than UPLOAD_TTL_MS ago with their chunks, and the files of the
     * unfinished video uploads among them (a finished one's file is its post video's source);
     * answers how many uploads.
     */
    async removeStaleUploads(): Promise<number> {
      const removed = await repo.deleteUploadsCreatedBefore(db, new Date(deps.now() - UPLOAD_TTL_MS))
      const partialVideos = removed.filter((row) => row.kind === 'video' && row.completedAt === null)
      await Promise.all(partialVideos.map((row) => rm(join(config.dataDir, videoSourcePath(row.id)), { force: true })))
      return removed.length
    },

    /**
     * Deletes upload images (upload/img, upload/images) stored more than UPLOAD_TTL_MS ago that
     * nothing names, in batches; answers how many. The bytes are the row: no file is left.
     */
    async removeUnattachedImages(): Promise<number> {
      const before = new Date(deps.now() - UPLOAD_TTL_MS)
      let removed = 0
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const locked = await repo.lockUnreferencedUploadImages(tx, before, IMAGE_CLEANUP_BATCH)
          return {
            locked: locked.length,
            deleted: (await repo.deleteUnreferencedUploadImages(tx, locked, before)).length,
          }
        })
        removed += batch.deleted
        if (batch.locked < IMAGE_CLEANUP_BATCH) return removed
      }
    },
  }
}

export type UploadsService = ReturnType<typeof createUploadsService>
