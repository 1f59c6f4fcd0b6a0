import { z } from 'zod'

export const DomainType = {
  Image: 'IMAGE',
  Mp4: 'MP4',
  Api: 'API',
  Land: 'LAND',
  H5ShareUrl: 'H5SHAREURL',
  Vid: 'VID',
} as const
export type DomainType = (typeof DomainType)[keyof typeof DomainType]

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

/** First URL of the first entry of a type, or undefined (SPEC §3). */
export function domainUrl(config: Pick<AppConfig, 'domain'>, type: DomainType): string | undefined {
  return config.domain.find((entry) => entry.type === type)?.urls[0]
}
