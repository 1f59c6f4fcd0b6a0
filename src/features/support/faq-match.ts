import type { FaqEntry } from '../../../core/contracts/support.ts'

/**
 * Matching a typed question to FAQ entries on the device, with no model: Chinese has no spaces
 * to split words on, so both sides are cut into overlapping character pairs (bigrams), which
 * catch most two-character words, and an entry's keywords found in the question add to it.
 */

/**
 * Question words and particles that say nothing about the topic ("怎么充值" asks about 充值);
 * left in, 怎么 would tie every "怎么…" question to every "怎么…" entry. Longer ones first.
 */
const FILLERS = [
  '怎么办',
  '怎么样',
  '为什么',
  '怎么',
  '如何',
  '怎样',
  '什么',
  '请问',
  '能不能',
  '可以',
  '一下',
  '吗',
  '呢',
  '吧',
  '啊',
  '呀',
  '了',
  '的',
  '我',
  '你',
]
const FILLER_PATTERN = new RegExp(FILLERS.join('|'), 'g')

/** The least share of the question's bigrams an entry must hold to match without a keyword. */
export const MIN_COVERAGE = 0.5
/** What one keyword found in the question adds to the score (coverage is at most 1). */
const KEYWORD_WEIGHT = 0.5

/** NFKC (full-width letters and digits become ASCII), lower case, letters and digits only, fillers out. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(FILLER_PATTERN, '')
}

/** The overlapping character pairs of normalised text; a single character stands for itself. */
export function bigrams(normalised: string): Set<string> {
  const characters = Array.from(normalised)
  if (characters.length === 1) return new Set(characters)
  const pairs = new Set<string>()
  for (let i = 0; i + 1 < characters.length; i++) pairs.add(characters[i]! + characters[i + 1]!)
  return pairs
}

export interface FaqMatch {
  entry: FaqEntry
  score: number
}

/**
 * The entries that fit `question`, best first (ties in the FAQ's own order): an entry matches
 * when it holds at least MIN_COVERAGE of the question's bigrams (in its question or keywords),
 * or when one of its keywords appears in the question. Nothing matches an empty or unrelated
 * question.
 */
export function matchFaq(question: string, entries: readonly FaqEntry[]): FaqMatch[] {
  const asked = normalise(question)
  const askedPairs = bigrams(asked)
  if (askedPairs.size === 0) return []
  const matches: (FaqMatch & { order: number })[] = []
  entries.forEach((entry, order) => {
    const keywords = entry.keywords.map(normalise).filter((keyword) => keyword !== '')
    const entryPairs = new Set([...bigrams(normalise(entry.question)), ...keywords.flatMap((k) => [...bigrams(k)])])
    let shared = 0
    for (const pair of askedPairs) if (entryPairs.has(pair)) shared++
    const coverage = shared / askedPairs.size
    const hits = keywords.filter((keyword) => asked.includes(keyword)).length
    if (coverage < MIN_COVERAGE && hits === 0) return
    matches.push({ entry, score: coverage + hits * KEYWORD_WEIGHT, order })
  })
  return matches.sort((a, b) => b.score - a.score || a.order - b.order).map(({ entry, score }) => ({ entry, score }))
}
