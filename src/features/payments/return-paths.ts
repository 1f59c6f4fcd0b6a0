import { returnPath } from '../../lib/search.ts'

/**
 * Where each order's purchase started (`{orderId → from}`), kept in sessionStorage: the checkout
 * is another page (the provider's), and the browser comes back from it to /mine/recharge as a
 * fresh load of the app, in the same tab. Only app paths are kept and given back (lib/search.ts
 * returnPath), so a stored value cannot send the page to another origin.
 */
const RETURNS_KEY = 'marquee:order-returns'
/** Orders remembered; the oldest is dropped past this. */
const MAX_RETURNS = 20

type ReturnStorage = Pick<Storage, 'getItem' | 'setItem'>

function readReturns(storage: Pick<Storage, 'getItem'>): [string, string][] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RETURNS_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (entry): entry is [string, string] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
    )
  } catch {
    // Storage blocked or a mangled value: no way back is remembered.
    return []
  }
}

/** Remembers where `orderId`'s purchase started; nothing when `from` is missing or not an app path. */
export function rememberReturn(orderId: string, from: string | undefined, storage: ReturnStorage = sessionStorage) {
  const path = returnPath(from)
  if (path === undefined) return
  const kept = readReturns(storage).filter(([id]) => id !== orderId)
  kept.push([orderId, path])
  try {
    storage.setItem(RETURNS_KEY, JSON.stringify(kept.slice(-MAX_RETURNS)))
  } catch {
    // Storage full or blocked: the order page then offers 返回我的.
  }
}

/** Where `orderId`'s purchase started, if this tab remembers it. */
export function returnFor(orderId: string, storage: Pick<Storage, 'getItem'> = sessionStorage): string | undefined {
  const found = readReturns(storage).find(([id]) => id === orderId)
  return returnPath(found?.[1])
}
