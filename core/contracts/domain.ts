/**
 * The config's domain entries, kept free of zod so the app's entry chunk can use
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

/** First URL of the first entry of a type (the one in use), or undefined. */
export function domainUrl(config: { domain: readonly DomainEntry[] }, type: DomainType): string | undefined {
  return config.domain.find((entry) => entry.type === type)?.urls[0]
}

/**
 * Where an image key (covers, ads, icons) is served: under the config's IMAGE domain, so the
 * images can move to a CDN without the catalogue changing. Absolute URLs pass through.
 */
export function imageUrl(config: { domain: readonly DomainEntry[] }, key: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(key)) return key
  const base = domainUrl(config, DomainType.Image) ?? '/img'
  return `${base.replace(/\/+$/, '')}/${key.replace(/^\/+/, '')}`
}
