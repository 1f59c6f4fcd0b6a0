import { NOT_FOUND_PATH, appPath, hasId } from './app-path.ts'

/**
 * Content-type codes. 7 and 9 were dating pages, permanently out of scope:
 * they are deliberately absent, so they resolve to /notFound like any unknown code.
 * Circle, anime, reserved and novel pages are not built; their paths land on the catch-all.
 */
const CONTENT_ROUTES: Partial<Record<number, string>> = {
  1: '/play/longVideo',
  2: '/play/longVideo',
  3: '/play/videoCollection',
  4: '/circle/postDetail',
  5: '/circle/circleDetail',
  6: '/anime/detail',
  8: '/reserved/detail',
  10: '/novel/audio',
}

/** Where a content item opens (`path?id=`); unknown types and items without an id go to /notFound. */
export function contentRoute(item: { contentType?: number | string | null; id?: string | number | null }): string {
  const type = typeof item.contentType === 'string' ? Number(item.contentType.trim() || NaN) : item.contentType
  const path = typeof type === 'number' && Number.isInteger(type) ? CONTENT_ROUTES[type] : undefined
  return path && hasId(item.id) ? appPath(path, { id: item.id }) : NOT_FOUND_PATH
}
