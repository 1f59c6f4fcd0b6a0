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

export const AdvertiseSchema = z.looseObject({
  id: z.number().int(),
  position: z.number().int().min(1).max(5),
  image: z.string(),
  title: z.string().optional(),
  href: z.string().optional(),
})

export const EncryptionFlagsSchema = z.object({
  request: z.boolean(),
  http: z.boolean(),
  m3u8: z.boolean(),
})
export type EncryptionFlags = z.infer<typeof EncryptionFlagsSchema>

/** `ping/config` (SPEC §6). Later issues fill the ad and community parts. */
export const AppConfigSchema = z.object({
  communityCategory: z.array(z.looseObject({ id: z.number().int(), name: z.string() })),
  floatingWindow: z.looseObject({}).nullable(),
  domain: z.array(DomainEntrySchema),
  adsType: z.array(z.looseObject({})),
  statConfigApp: z.object({
    list: z.array(z.looseObject({ locIds: z.array(z.number().int()) })),
    nineList: z.array(z.looseObject({ locIds: z.array(z.number().int()) })),
  }),
  announcement: AnnouncementSchema.nullable(),
  advertise: z.array(AdvertiseSchema),
  version: z.string(),
  encryption: EncryptionFlagsSchema,
})
export type AppConfig = z.infer<typeof AppConfigSchema>
