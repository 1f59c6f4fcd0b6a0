import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import {
  MUTED_KEY,
  muteForAutoplayAtom,
  mutedAtom,
  providePrefsStorageAtom,
  setMutedAtom,
  type PrefsStorage,
} from './muted.ts'

function memoryStorage(initial: Record<string, string> = {}): PrefsStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) }
}

function storeWith(storage: PrefsStorage | null) {
  const store = createStore()
  store.set(providePrefsStorageAtom, storage)
  return store
}

describe('muted flag', () => {
  it('starts muted on a first visit, so the feed may autoplay', () => {
    expect(storeWith(memoryStorage()).get(mutedAtom)).toBe(true)
  })

  it('keeps the choice for the next visit', () => {
    const storage = memoryStorage()
    const first = storeWith(storage)
    first.set(setMutedAtom, false)
    expect(first.get(mutedAtom)).toBe(false)
    expect(storage.data.get(MUTED_KEY)).toBe('false')
    expect(storeWith(storage).get(mutedAtom)).toBe(false)

    first.set(setMutedAtom, true)
    expect(storeWith(storage).get(mutedAtom)).toBe(true)
  })

  it('mutes when autoplay with sound is refused without forgetting the stored choice, until the user chooses', () => {
    const storage = memoryStorage({ [MUTED_KEY]: 'false' })
    const store = storeWith(storage)
    expect(store.get(mutedAtom)).toBe(false)
    store.set(muteForAutoplayAtom)
    expect(store.get(mutedAtom)).toBe(true)
    expect(storage.data.get(MUTED_KEY)).toBe('false')
    store.set(setMutedAtom, false)
    expect(store.get(mutedAtom)).toBe(false)
  })

  it('works for the visit when storage is missing or throws', () => {
    const throwing: PrefsStorage = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    for (const storage of [null, throwing]) {
      const store = storeWith(storage)
      expect(store.get(mutedAtom)).toBe(true)
      store.set(setMutedAtom, false)
      expect(store.get(mutedAtom)).toBe(false)
    }
  })

  it('reads an unknown stored value as muted', () => {
    expect(storeWith(memoryStorage({ [MUTED_KEY]: 'yes' })).get(mutedAtom)).toBe(true)
  })
})
