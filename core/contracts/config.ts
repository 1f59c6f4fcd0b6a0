import { z } from 'zod'

export { DomainType, domainUrl } from './domain.ts'

export const DomainEntrySchema = z.object({
  type: z.enum(['IMAGE', 'MP4', 'API', 'LAND', 'H5SHAREURL', 'VID']),
  urls: z.array(z.string()),
})

export const AnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** Unix seconds. */
  publishedAt: z.number().int(),
})
export type Announcement = z.infer<typeof AnnouncementSchema>

/**
 * Ads carry their target in any of the fields core/links/ad-target.ts reads (href first), and
 * `image` is an image key under the IMAGE domain (domain.ts imageUrl).
 */
const AdFields = {
  id: z.number().int(),
  image: z.string(),
  title: z.string().optional(),
  href: z.string().optional(),
  /** width / height of the image, so its frame is sized before it loads. */
  ratio: z.number().positive().optional(),
}

/** Carousel and banner ads; position 1 is home's carousel, 2–5 other banner slots. */
export const AdvertiseSchema = z.looseObject({ ...AdFields, position: z.number().int().min(1).max(5) })
export type Advertise = z.infer<typeof AdvertiseSchema>

/** Icon ads (statConfigApp): each shows at every location id it lists (1–7; 1 is home's icon row). */
export const IconAdSchema = z.looseObject({ ...AdFields, locIds: z.array(z.number().int().min(1).max(7)) })
export type IconAd = z.infer<typeof IconAdSchema>

export const FloatingWindowSchema = z.looseObject(AdFields)
export type FloatingWindow = z.infer<typeof FloatingWindowSchema>

export const EncryptionFlagsSchema = z.object({
  request: z.boolean(),
  http: z.boolean(),
  m3u8: z.boolean(),
})
export type EncryptionFlags = z.infer<typeof EncryptionFlagsSchema>

/** `ping/config`. The community part is not filled yet. */
export const AppConfigSchema = z.object({
  communityCategory: z.array(z.looseObject({ id: z.number().int(), name: z.string() })),
  floatingWindow: FloatingWindowSchema.nullable(),
  domain: z.array(DomainEntrySchema),
  adsType: z.array(z.looseObject({})),
  statConfigApp: z.object({ list: z.array(IconAdSchema), nineList: z.array(IconAdSchema) }),
  announcement: AnnouncementSchema.nullable(),
  advertise: z.array(AdvertiseSchema),
  version: z.string(),
  encryption: EncryptionFlagsSchema,
})
export type AppConfig = z.infer<typeof AppConfigSchema>
