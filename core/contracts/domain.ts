/**
 * The config's domain entries as plain values (config.ts holds their schema), for code that
 * needs the types of domain but not the config's contract.
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

/** Every URL of the API entries, in preference order without repeats: the API lines (custom/getEndpoint). */
export function apiLines(config: { domain: readonly DomainEntry[] }): string[] {
  const urls = config.domain.flatMap((entry) => (entry.type === DomainType.Api ? entry.urls : []))
  return [...new Set(urls)]
}

/** The part of the config that says where images live (AppConfig fits). */
export interface ImageDomains {
  domain: readonly DomainEntry[]
}

/**
 * Where an image key (covers, ads, icons) is served: under the config's IMAGE domain, so the
 * images can move to a CDN without the catalogue changing; this server's /img without one, or
 * before the config is in (null). Absolute URLs pass through.
 */
export function imageUrl(config: ImageDomains | null, key: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(key)) return key
  const base = (config && domainUrl(config, DomainType.Image)) ?? '/img'
  return `${base.replace(/\/+$/, '')}/${key.replace(/^\/+/, '')}`
}
