/**
 * The config's domain entries (SPEC §6), kept free of zod so the app's entry chunk can use
 * them without pulling the schemas in (config.ts validates the same shape).
 */
export const DomainType = {
  Image: 'IMAGE',
  Mp4: 'MP4',
  Api: 'API',
  Land: 'LAND',
  H5ShareUrl: 'H5SHAREURL',
  Vid: 'VID',
} as const
export type DomainType = (typeof DomainType)[keyof typeof DomainType]

export interface DomainEntry {
  type: DomainType
  urls: string[]
}

/** First URL of the first entry of a type, or undefined (SPEC §3). */
export function domainUrl(config: { domain: readonly DomainEntry[] }, type: DomainType): string | undefined {
  return config.domain.find((entry) => entry.type === type)?.urls[0]
}
