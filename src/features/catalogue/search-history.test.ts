import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import {
  addToHistory,
  cleanKeyword,
  createSearchHistory,
  MAX_HISTORY,
  parseHistory,
  SEARCH_HISTORY_KEY,
  type HistoryStorage,
} from './search-history.ts'

function memoryStorage(initial: Record<string, string> = {}): HistoryStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('addToHistory', () => {
  it.each([
    { history: [], keyword: '海边', expected: ['海边'] },
    { history: ['旅行', '海边'], keyword: '城市', expected: ['城市', '旅行', '海边'] },
    { history: ['旅行', '海边'], keyword: '海边', expected: ['海边', '旅行'] },
    { history: ['旅行', 'Summer'], keyword: ' summer ', expected: ['summer', '旅行'] },
    { history: ['ＡＢＣ'], keyword: 'abc', expected: ['abc'] },
    { history: ['海边'], keyword: '  夏日   海边 ', expected: ['夏日 海边', '海边'] },
    { history: ['海边'], keyword: '   ', expected: ['海边'] },
  ])('$keyword on $history → $expected', ({ history, keyword, expected }) => {
    expect(addToHistory(history, keyword)).toEqual(expected)
  })

  it(`keeps the ${MAX_HISTORY} most recent`, () => {
    let history: string[] = []
    for (let i = 1; i <= MAX_HISTORY + 3; i++) history = addToHistory(history, `词${i}`)
    expect(history).toHaveLength(MAX_HISTORY)
    expect(history[0]).toBe(`词${MAX_HISTORY + 3}`)
    expect(history.at(-1)).toBe('词4')
  })

  it('cuts a keyword to what the server accepts', () => {
    expect(cleanKeyword('好'.repeat(80))).toHaveLength(50)
  })
})

describe('parseHistory', () => {
  it.each([
    { stored: null, expected: [] },
    { stored: 'not json', expected: [] },
    { stored: '{"a":1}', expected: [] },
    { stored: '["海边",3,null,"旅行","海边"]', expected: ['海边', '旅行'] },
    {
      stored: JSON.stringify(Array.from({ length: 15 }, (_, i) => `k${i}`)),
      expected: ['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9'],
    },
  ])('$stored → $expected', ({ stored, expected }) => {
    expect(parseHistory(stored)).toEqual(expected)
  })
})

describe('createSearchHistory', () => {
  it('starts from the stored history, records most recent first and stores it', () => {
    const storage = memoryStorage({ [SEARCH_HISTORY_KEY]: '["旅行"]' })
    const history = createSearchHistory(storage)
    const store = createStore()
    expect(store.get(history.historyAtom)).toEqual(['旅行'])
    store.set(history.recordAtom, '海边')
    store.set(history.recordAtom, '旅行')
    expect(store.get(history.historyAtom)).toEqual(['旅行', '海边'])
    expect(JSON.parse(storage.data.get(SEARCH_HISTORY_KEY)!)).toEqual(['旅行', '海边'])
    // A new visit reads what was stored.
    expect(createStore().get(createSearchHistory(storage).historyAtom)).toEqual(['旅行', '海边'])
  })

  it('clears everything, on screen and in storage', () => {
    const storage = memoryStorage({ [SEARCH_HISTORY_KEY]: '["旅行","海边"]' })
    const history = createSearchHistory(storage)
    const store = createStore()
    store.set(history.clearAtom)
    expect(store.get(history.historyAtom)).toEqual([])
    expect(storage.data.has(SEARCH_HISTORY_KEY)).toBe(false)
  })

  it('keeps working in memory when the storage throws or is missing', () => {
    const throwing: HistoryStorage = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    for (const storage of [throwing, null]) {
      const history = createSearchHistory(storage)
      const store = createStore()
      expect(store.get(history.historyAtom)).toEqual([])
      store.set(history.recordAtom, '海边')
      expect(store.get(history.historyAtom)).toEqual(['海边'])
      store.set(history.clearAtom)
      expect(store.get(history.historyAtom)).toEqual([])
    }
  })
})
