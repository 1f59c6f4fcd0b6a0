import type { AppConfig } from '../contracts/config.ts'
import { DomainType } from '../contracts/domain.ts'
import { isHttpUrl, parseWebUrl } from './web-url.ts'

/**
 * Host names of the operator's own domains: every URL of the config's LAND and H5SHAREURL
 * entries. Only these may receive the session token.
 */
export function operatorHosts(config: Pick<AppConfig, 'domain'>): string[] {
  const hosts = new Set<string>()
  for (const entry of config.domain) {
    if (entry.type !== DomainType.Land && entry.type !== DomainType.H5ShareUrl) continue
    for (const url of entry.urls) {
      const host = hostOf(url)
      if (host) hosts.add(host)
    }
  }
  return [...hosts]
}

/**
 * Sets the link's `token` query parameter to the session token (adding it when absent,
 * filling it when present) — but only for an http(s) link whose host name is exactly one of
 * `operatorHosts` (host names or URLs; no subdomain matching). Any other link — another
 * host, another scheme, a relative or malformed URL, or an empty token — comes back unchanged.
 */
export function withSessionToken(url: string, token: string, operatorHosts: readonly string[]): string {
  if (token === '') return url
  const parsed = parseWebUrl(url.trim())
  if (!parsed || !isHttpUrl(parsed) || parsed.hostname === '') return url
  const own = operatorHosts.some((entry) => hostOf(entry) === parsed.hostname)
  if (!own) return url
  parsed.searchParams.set('token', token)
  return parsed.href
}

/** Lower-case host name of a URL or bare host (`land.example`, `land.example:8443`), or ''. */
function hostOf(entry: string): string {
  const text = entry.trim()
  if (text === '') return ''
  const parsed = parseWebUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
  return parsed && isHttpUrl(parsed) ? parsed.hostname : ''
}
