/** The query parameters the app reads from a link. Absent parameters are undefined. */
export interface LinkQuery {
  id: string | undefined
  index: string | undefined
  name: string | undefined
  token: string | undefined
}

/** A link split into the part before its query, the whole text, and the query the app reads. */
export interface ParsedLink {
  /** Everything before the query (and before the fragment), e.g. `read_xty_video` or `https://a.example/p`. */
  urlParent: string
  /** The whole link (surrounding whitespace dropped). */
  origin: string
  query: LinkQuery
}

/**
 * Splits a link into urlParent, origin and the id/index/name/token parameters.
 * Works on scheme links (`read_xty_video?id=3`), app paths, relative paths and absolute
 * URLs alike, because it only looks at `?`, `&`, `=` and `#`:
 * - the fragment starts at the first `#` and is ignored;
 * - values are form-decoded (`+` is a space, then percent-decoding); a malformed escape
 *   keeps the raw text rather than failing;
 * - a repeated parameter keeps its first value (as URLSearchParams.get does);
 * - a parameter without `=` has the value ''.
 */
export function parseLink(text: string | null | undefined): ParsedLink {
  const origin = (text ?? '').trim()
  const hashAt = origin.indexOf('#')
  const beforeHash = hashAt === -1 ? origin : origin.slice(0, hashAt)
  const queryAt = beforeHash.indexOf('?')
  const urlParent = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt)
  const params = queryAt === -1 ? new Map<string, string>() : parseQuery(beforeHash.slice(queryAt + 1))
  return {
    urlParent,
    origin,
    query: { id: params.get('id'), index: params.get('index'), name: params.get('name'), token: params.get('token') },
  }
}

function parseQuery(query: string): Map<string, string> {
  const params = new Map<string, string>()
  for (const pair of query.split('&')) {
    if (pair === '') continue
    const eqAt = pair.indexOf('=')
    const key = formDecode(eqAt === -1 ? pair : pair.slice(0, eqAt))
    if (!params.has(key)) params.set(key, eqAt === -1 ? '' : formDecode(pair.slice(eqAt + 1)))
  }
  return params
}

function formDecode(text: string): string {
  const spaced = text.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}
