import { atom } from 'jotai'

/** Where the feed's sound choice is kept: a device preference, not part of the sealed session. */
export const MUTED_KEY = 'marquee.shorts.muted'

/** The part of Web Storage used here (localStorage in the page, a Map in tests). */
export interface PrefsStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

const storageHolderAtom = atom<{ storage: PrefsStorage | null } | null>(null)

function pageStorage(): PrefsStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage blocked (some private modes): the choice lasts for this visit only.
    return null
  }
}

const prefsStorageAtom = atom((get) => {
  const holder = get(storageHolderAtom)
  return holder ? holder.storage : pageStorage()
})

/** For tests: the storage of this store. */
export const providePrefsStorageAtom = atom(null, (_get, set, storage: PrefsStorage | null) =>
  set(storageHolderAtom, { storage }),
)

/** This visit's choice; null until the user toggles, then the stored value is no longer read. */
const chosenAtom = atom<boolean | null>(null)

/** The browser refused to autoplay with sound (no gesture yet): muted for now, the stored choice kept. */
const forcedAtom = atom(false)

/**
 * Whether the feed plays without sound. Muted unless the user turned the sound on before:
 * browsers only autoplay muted video without a gesture.
 */
export const mutedAtom = atom((get) => {
  if (get(forcedAtom)) return true
  const chosen = get(chosenAtom)
  if (chosen !== null) return chosen
  try {
    return get(prefsStorageAtom)?.getItem(MUTED_KEY) !== 'false'
  } catch {
    return true
  }
})

/** The user's choice (a gesture, so sound is allowed from here on); kept for later visits. */
export const setMutedAtom = atom(null, (get, set, muted: boolean) => {
  set(forcedAtom, false)
  set(chosenAtom, muted)
  try {
    get(prefsStorageAtom)?.setItem(MUTED_KEY, String(muted))
  } catch {
    // Quota or blocked storage: the choice holds for this visit.
  }
})

/** Autoplay with sound was refused: mute without forgetting that the user wants sound. */
export const muteForAutoplayAtom = atom(null, (_get, set) => set(forcedAtom, true))
