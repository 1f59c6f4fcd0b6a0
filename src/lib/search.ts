import { RankOrders, RankPeriods, type RankOrder, type RankPeriod } from '../../core/contracts/community-rules.ts'

/**
 * Tiny search-param readers for validateSearch. They run in the eager route tree, so they
 * stay dependency-free.
 */
export function optionalPositiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN
  return Number.isInteger(n) && n > 0 ? n : undefined
}

export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return undefined
}

/**
 * `id` is always present, undefined when missing or bad: the router lays the validated search
 * over the raw one, so a key left out would let a raw `?id=abc` through as a string.
 */
export function searchWithId(search: Record<string, unknown>): { id: number | undefined } {
  return { id: optionalPositiveInt(search.id) }
}

/** Longest return path kept (a page path and its query; anything longer is not one of ours). */
const MAX_RETURN_PATH_LENGTH = 512

/**
 * A path inside the app to come back to (`/play/longVideo?id=5`), or undefined: it must start
 * with a single `/`. `//host` and `/\host` are other origins to a browser, and URL parsing drops
 * tabs and newlines (`/\t/host` is `//host`), so backslashes, whitespace and control characters
 * are refused anywhere, as is anything with a scheme, and so are dot and empty segments.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH_LENGTH) return undefined
  if (!/^\/(?![/\\])[^\\\s\p{Cc}]*$/u.test(value)) return undefined
  // Dot segments and empty ones resolve to another path (`/..//host` is `//host`): none of ours has them.
  const path = value.split(/[?#]/, 1)[0]!
  return path.includes('//') || /\/\.\.?(\/|$)/.test(path) ? undefined : value
}

/** `?from=`: where a purchase started (payments' pages); always present, undefined when missing or unsafe. */
export function returnSearch(search: Record<string, unknown>): { from?: string } {
  return { from: returnPath(search.from) }
}

/** `?orderId=`: the checkout's way back to /mine/recharge; the page checks it is an order number. */
export function orderIdSearch(search: Record<string, unknown>): { orderId?: string } {
  return { orderId: optionalString(search.orderId) }
}

/**
 * /subpage/upRank's `?period=&by=`: the ranking's tabs, each present and undefined when missing or
 * not one of the contract's values (the screen then shows 周榜 by 粉丝).
 */
export function rankSearch(search: { period?: unknown; by?: unknown }): { period?: RankPeriod; by?: RankOrder } {
  const pick = <T extends string>(values: readonly T[], value: unknown) => values.find((item) => item === value)
  return { period: pick(RankPeriods, search.period), by: pick(RankOrders, search.by) }
}
