import { NOT_FOUND_PATH, isOutOfScopePath } from './app-path.ts'
import { schemeRoute } from './deep-link.ts'
import { parseLink } from './parse-link.ts'
import { withSessionToken } from './session-token.ts'
import { isHttpUrl, parseWebUrl } from './web-url.ts'

/** What tapping a link does: navigate in the app, open outside it, or nothing. */
export type ResolvedLink = { kind: 'internal'; path: string } | { kind: 'external'; url: string } | { kind: 'none' }

export interface LinkContext {
  /** Origins the app is served from (e.g. `location.origin`); absolute links to them open in the app. */
  appOrigins?: readonly string[]
  /** The session token, given to external links on operator hosts (see withSessionToken). */
  token?: string
  /** Host names or URLs of the operator's domains (see operatorHosts). */
  operatorHosts?: readonly string[]
}

const NONE: ResolvedLink = { kind: 'none' }

/**
 * Resolves a link from content, an ad or a deep link:
 * - blank → none;
 * - a scheme value (`read_xty_video?id=3`) → its app path (unknown `read_xty_*` → /notFound);
 * - an app path (`/topicList?id=1`) → internal, as given; a relative path (`mine/vip`) → internal
 *   under `/`;
 * - an http(s) URL on one of `appOrigins` → internal (path, query and fragment);
 * - any other http(s) URL, or a protocol-relative `//host/…` (read as https) → external, with the
 *   session token filled in only on operator hosts;
 * - any other scheme (javascript:, data:, mailto:, …) or an unparsable URL → none.
 * Paths of out-of-scope areas become /notFound; paths that would leave the origin
 * (`/\\host`, control characters) become none.
 */
export function resolveLink(text: string | null | undefined, ctx: LinkContext = {}): ResolvedLink {
  const link = parseLink(text)
  const source = link.origin
  if (source === '') return NONE

  const scheme = schemeRoute(link)
  if (scheme !== undefined) return internal(scheme)

  if (source.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(source)) {
    const url = parseWebUrl(source.startsWith('//') ? `https:${source}` : source)
    if (!url || !isHttpUrl(url) || url.hostname === '') return NONE
    if (isAppOrigin(url.origin, ctx.appOrigins ?? [])) return internal(`${url.pathname}${url.search}${url.hash}`)
    return { kind: 'external', url: withSessionToken(url.href, ctx.token ?? '', ctx.operatorHosts ?? []) }
  }

  if (source.startsWith('/')) return internal(source)
  return internal(`/${source.replace(/^(?:\.\/)+/, '')}`)
}

function internal(path: string): ResolvedLink {
  // `//host`, `/\host` and paths with control characters (which URL parsers drop) would leave
  // the origin if handed to history; they are not app paths.
  if (/^\/[/\\]/.test(path) || hasControlCharacter(path)) return NONE
  return { kind: 'internal', path: isOutOfScopePath(path) ? NOT_FOUND_PATH : path }
}

function isAppOrigin(origin: string, appOrigins: readonly string[]): boolean {
  return appOrigins.some((entry) => parseWebUrl(entry.trim())?.origin === origin)
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}
