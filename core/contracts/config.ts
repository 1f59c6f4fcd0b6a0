import * as v from 'valibot'
import { IntSchema } from './fields.ts'

export { DomainType, domainUrl } from './domain.ts'

export const DomainEntrySchema = v.object({
  type: v.picklist(['IMAGE', 'MP4', 'API', 'LAND', 'H5SHAREURL', 'VID']),
  urls: v.array(v.string()),
})

export const AnnouncementSchema = v.object({
  id: IntSchema,
  title: v.string(),
  content: v.string(),
  /** Unix seconds. */
  publishedAt: IntSchema,
})
export type Announcement = v.InferOutput<typeof AnnouncementSchema>

/**
 * Ads carry their target in any of the fields core/links/ad-target.ts reads (href first), and
 * `image` is an image key under the IMAGE domain (domain.ts imageUrl).
 */
const AdFields = {
  id: IntSchema,
  image: v.string(),
  title: v.optional(v.string()),
  href: v.optional(v.string()),
  /** width / height of the image, so its frame is sized before it loads. */
  ratio: v.optional(v.pipe(v.number(), v.gtValue(0))),
}

/** Carousel and banner ads; position 1 is home's carousel, 2–5 other banner slots. */
export const AdvertiseSchema = v.looseObject({
  ...AdFields,
  position: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
})
export type Advertise = v.InferOutput<typeof AdvertiseSchema>

/** Icon ads (statConfigApp): each shows at every location id it lists (1–7; 1 is home's icon row). */
export const IconAdSchema = v.looseObject({
  ...AdFields,
  locIds: v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7))),
})
export type IconAd = v.InferOutput<typeof IconAdSchema>

export const FloatingWindowSchema = v.looseObject(AdFields)
export type FloatingWindow = v.InferOutput<typeof FloatingWindowSchema>

export const EncryptionFlagsSchema = v.object({
  request: v.boolean(),
  http: v.boolean(),
  m3u8: v.boolean(),
})

/** `ping/config`: what the app needs before anything else. The community part is still empty. */
export const AppConfigSchema = v.object({
  communityCategory: v.array(v.looseObject({ id: IntSchema, name: v.string() })),
  floatingWindow: v.nullable(FloatingWindowSchema),
  domain: v.array(DomainEntrySchema),
  adsType: v.array(v.looseObject({})),
  statConfigApp: v.object({ list: v.array(IconAdSchema), nineList: v.array(IconAdSchema) }),
  announcement: v.nullable(AnnouncementSchema),
  advertise: v.array(AdvertiseSchema),
  version: v.string(),
  encryption: EncryptionFlagsSchema,
})
export type AppConfig = v.InferOutput<typeof AppConfigSchema>
