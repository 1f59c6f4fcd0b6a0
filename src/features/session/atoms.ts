import { atom } from 'jotai/vanilla'
import type { AppConfig } from '../../../core/contracts/config.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'

/** pc/dc/isLight as the guest login's affCode carries them. */
export interface Channel {
  pc: string
  dc: string
  isLight: boolean
}

export interface Session {
  /** The device id. */
  uuid: string
  token: string
  channel: Channel
  user: UserInfo | null
}

/** The app store: flags the entry URL set, kept across visits. */
export interface AppFlags {
  isLight: boolean
  isAppStore: boolean
}

export const NO_FLAGS: AppFlags = { isLight: false, isAppStore: false }

const sessionAtom = atom<Session | null>(null)
const configAtom = atom<AppConfig | null>(null)
const flagsAtom = atom<AppFlags>(NO_FLAGS)
/** login/before said an account last used this device, and /mine/login has not been opened for it yet. */
const loginSuggestedAtom = atom(false)

export const currentSessionAtom = atom((get) => get(sessionAtom))
export const tokenAtom = atom((get) => get(sessionAtom)?.token ?? '')
export const sessionUserAtom = atom((get) => get(sessionAtom)?.user ?? null)
export const appConfigAtom = atom((get) => get(configAtom))
export const appFlagsAtom = atom((get) => get(flagsAtom))
export const isLightAtom = atom((get) => get(flagsAtom).isLight)
/**
 * Seal POST bodies as the config says; before the config is known (a first visit's guest login
 * goes out alongside ping/config), seal them. The server accepts both.
 */
export const sealRequestsAtom = atom((get) => get(configAtom)?.encryption.request ?? true)

export const setSessionAtom = atom(null, (_get, set, session: Session | null) => set(sessionAtom, session))
export const setConfigAtom = atom(null, (_get, set, config: AppConfig | null) => set(configAtom, config))
export const setFlagsAtom = atom(null, (_get, set, flags: AppFlags) => set(flagsAtom, flags))

export const loginSuggestedNowAtom = atom((get) => get(loginSuggestedAtom))
export const suggestLoginAtom = atom(null, (_get, set) => set(loginSuggestedAtom, true))
/** The suggestion is followed once: true the first time after login/before suggested it. */
export const takeLoginSuggestionAtom = atom(null, (get, set) => {
  const suggested = get(loginSuggestedAtom)
  set(loginSuggestedAtom, false)
  return suggested
})
