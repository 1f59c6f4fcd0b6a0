import { createHash, randomBytes as nodeRandomBytes } from 'node:crypto'
import { sniffImageType } from '../../../core/images/image-type.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import { IMAGE_OFFSET_START } from '../../../core/protocol/defaults.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { imageKeysFromConfig, scramble, ScrambleError, type ScrambleScheme } from '../../images/scramble.ts'
import { imageDimensions } from './dimensions.ts'
import { IMAGE_PATH, type ImageKind } from './kinds.ts'
import * as repo from './repo.ts'

/** 12 random bytes as base64url: 16 characters, 96 bits, never guessed or collided in practice. */
export const IMAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{16}$/
const KEY_BYTES = 12

export type ImageConfig = Pick<Config, 'imageXorByte' | 'imageHeadKey' | 'imageSchemes'>

export interface StoreOptions {
  randomBytes?: (length: number) => Uint8Array
  /** Milliseconds, like Date.now. */
  now?: () => number
}

export interface StoredImage {
  /** The public key: the image is served at `path`. */
  key: string
  /** `/img/<key>`: on this server, under the IMAGE domain's default path. */
  path: string
  kind: ImageKind
  scheme: ScrambleScheme
  contentType: string
  width: number | null
  height: number | null
  /** Of the scrambled bytes as served. */
  byteSize: number
}

/** Where an image with this key is served on this server. */
function imagePath(key: string): string {
  return `${IMAGE_PATH}/${key}`
}

/**
 * Stores an image scrambled with its kind's configured scheme. Bytes that are not a JPEG, PNG,
 * GIF, WebP or AVIF image are refused with a ValidationError (4000) and nothing is stored.
 * Keys are random rather than content hashes: the offset scheme's filler is random, and two
 * uploads of the same picture stay two images that can be deleted separately.
 */
export async function storeImage(
  db: Db,
  /** `uploadedBy`: the user whose upload it is (upload/img), so only they may use it as their avatar. */
  input: { bytes: Uint8Array; kind: ImageKind; uploadedBy?: number },
  config: ImageConfig,
  options: StoreOptions = {},
): Promise<StoredImage> {
  const random = options.randomBytes ?? nodeRandomBytes
  const contentType = sniffImageType(input.bytes)
  if (contentType === null) {
    throw new AppError(
      ResultCode.ValidationError,
      `image: not a JPEG, PNG, GIF, WebP or AVIF image (${input.bytes.length} bytes)`,
    )
  }
  const scheme = config.imageSchemes[input.kind]
  const keys = imageKeysFromConfig(config)
  let scrambled: Uint8Array
  try {
    // The filler comes from the injected randomness too, so a test's bytes are reproducible.
    const filler = scheme === 'offset' ? { filler: random(IMAGE_OFFSET_START - keys.offsetMarker.length) } : {}
    scrambled = scramble(input.bytes, scheme, keys, filler)
  } catch (error) {
    if (error instanceof ScrambleError) throw new AppError(ResultCode.ValidationError, `image: ${error.message}`)
    throw error
  }
  const dimensions = imageDimensions(input.bytes, contentType)
  const meta = {
    kind: input.kind,
    scheme,
    contentType,
    width: dimensions?.width ?? null,
    height: dimensions?.height ?? null,
    byteSize: scrambled.length,
  }
  const sha256 = createHash('sha256').update(scrambled).digest('hex')
  const createdAt = new Date((options.now ?? Date.now)())
  for (let attempt = 0; attempt < 3; attempt++) {
    const key = Buffer.from(random(KEY_BYTES)).toString('base64url')
    const uploadedBy = input.uploadedBy ?? null
    if (await repo.insertImage(db, { key, ...meta, sha256, bytes: scrambled, uploadedBy, createdAt })) {
      return { key, path: imagePath(key), ...meta }
    }
  }
  throw new Error('no free image key after 3 random draws: is randomBytes random?')
}
