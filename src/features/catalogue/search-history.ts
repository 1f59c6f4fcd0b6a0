import { atom } from 'jotai'
import { KEYWORD_MAX_LENGTH } from './page-params.ts'

/** How many keywords the history keeps, on the device (localStorage), newest first. */
export const MAX_HISTORY = 10
export const SEARCH_HISTORY_KEY = 'marquee.searchHistory'

/** Spaces collapsed and trimmed, cut to what the server accepts; "" when nothing is left. */
export function cleanKeyword(keyword: string): string {
  return keyword.replace(/\s+/g, ' ').trim().slice(0, KEYWORD_MAX_LENGTH)
}

/** Two keywords are the same search when the server would read them the same (NFKC, case). */
function sameSearch(a: string, b: string): boolean {
  return a.normalize('NFKC').toLowerCase() === b.normalize('NFKC').toLowerCase()
}

/** The history after searching `keyword`: it goes first, an earlier copy goes, at most MAX_HISTORY kept. */
export function addToHistory(history: readonly string[], keyword: string): string[] {
  const cleaned = cleanKeyword(keyword)
  if (cleaned === '') return [...history]
  return [cleaned, ...history.filter((item) => !sameSearch(item, cleaned))].slice(0, MAX_HISTORY)
}

/** Reads a stored history, dropping anything that is not a list of keywords (another version, a hand edit). */
export function parseHistory(stored: string | null): string[] {
  if (stored === null) return []
  try {
    const value: unknown = JSON.parse(stored)
    if (!Array.isArray(value)) return []
    return value
      .filter((item): item is string => typeof item === 'string')
      .reduceRight<string[]>((history, item) => addToHistory(history, item), [])
  } catch {
    return []
  }
}

export type HistoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function browserStorage(): HistoryStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage blocked (privacy settings): the history lives for this visit only.
    return null
  }
}

/**
 * The search history as atoms over a storage (localStorage in the app). Private mode or a full
 * storage does not break searching: the history then lasts for the visit.
 */
export function createSearchHistory(storage: HistoryStorage | null = browserStorage()) {
  const read = () => {
    try {
      return parseHistory(storage?.getItem(SEARCH_HISTORY_KEY) ?? null)
    } catch {
      return []
    }
  }
  const write = (history: readonly string[]) => {
    try {
      if (history.length === 0) storage?.removeItem(SEARCH_HISTORY_KEY)
      else storage?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history))
    } catch {
      // Quota or blocked storage: keep the history in memory.
    }
  }
  const storedAtom = atom<readonly string[] | null>(null)
  const historyAtom = atom((get) => get(storedAtom) ?? read())
  const recordAtom = atom(null, (get, set, keyword: string) => {
    const next = addToHistory(get(historyAtom), keyword)
    set(storedAtom, next)
    write(next)
  })
  const clearAtom = atom(null, (_get, set) => {
    set(storedAtom, [])
    write([])
  })
  return { historyAtom, recordAtom, clearAtom }
}

const searchHistory = createSearchHistory()

/** Most recent first, no repeats, at most MAX_HISTORY. */
export const searchHistoryAtom = searchHistory.historyAtom
/** Puts a searched keyword first in the history. */
export const recordSearchAtom = searchHistory.recordAtom
/** Forgets every keyword. */
export const clearSearchHistoryAtom = searchHistory.clearAtom
