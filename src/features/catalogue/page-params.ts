import { optionalPositiveInt, optionalString } from '../../lib/search.ts'

/**
 * The search params of the catalogue's pages, read in each route's validateSearch.
 * They run in the eager route tree, so they stay small (lib/search.ts). Missing or bad
 * values are left out rather than thrown: the page shows what it can (a name from the URL, a
 * "not found" state without an id) instead of the error page.
 */

/** Longest name kept from a URL; the header only needs a title. */
const MAX_NAME_LENGTH = 50
/** The server refuses longer keywords (core/contracts/media.ts MAX_KEYWORD_LENGTH). */
export const KEYWORD_MAX_LENGTH = 50

function cleanText(value: unknown, max: number): string | undefined {
  const text = optionalString(value)?.replace(/\s+/g, ' ').trim()
  return text ? text.slice(0, max) : undefined
}

// Types, not interfaces: a route reads its search back through these validators, which take a record.
export type NamedSearch = {
  id?: number
  name?: string
}

/** `/topicList?id=&name=` and `/subpage/labelPage?id=&name=`. */
export function namedSearch(search: Record<string, unknown>): NamedSearch {
  const id = optionalPositiveInt(search.id)
  const name = cleanText(search.name, MAX_NAME_LENGTH)
  return { ...(id === undefined ? {} : { id }), ...(name === undefined ? {} : { name }) }
}

/** `/subpage/result?keyword=`. */
export function resultSearch(search: Record<string, unknown>): { keyword?: string } {
  const keyword = cleanText(search.keyword, KEYWORD_MAX_LENGTH)
  return keyword === undefined ? {} : { keyword }
}

/** What `/subpage/morePage` lists, by its `type`. */
const MoreType = { Topic: 'topic', Collect: 'collect', Published: 'published', Recommend: 'recommend' } as const
type MoreType = (typeof MoreType)[keyof typeof MoreType]

export type MoreSearch = NamedSearch & {
  type?: MoreType
}

const MORE_TYPES: ReadonlySet<string> = new Set(Object.values(MoreType))

/** `/subpage/morePage?id=&name=&type=`; an unknown type is left out (the default list). */
export function moreSearch(search: Record<string, unknown>): MoreSearch {
  const type = cleanText(search.type, 20)?.toLowerCase()
  return { ...namedSearch(search), ...(type !== undefined && MORE_TYPES.has(type) ? { type: type as MoreType } : {}) }
}

/** The call behind a "more" page. */
export type MoreSource =
  | { call: 'media/topic/details'; id: number }
  | { call: 'media/collect/home' }
  | { call: 'media/published' }
  | { call: 'media/recommend' }

/**
 * type topic → media/topic/details of `id`; collect → media/collect/home; published →
 * media/published; anything else (and a topic without an id) → media/recommend.
 */
export function moreSource(search: MoreSearch): MoreSource {
  switch (search.type) {
    case MoreType.Topic:
      return search.id === undefined ? { call: 'media/recommend' } : { call: 'media/topic/details', id: search.id }
    case MoreType.Collect:
      return { call: 'media/collect/home' }
    case MoreType.Published:
      return { call: 'media/published' }
    default:
      return { call: 'media/recommend' }
  }
}
