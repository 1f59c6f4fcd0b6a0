import { atom } from 'jotai/vanilla'
import type { RequestOf } from '../../../core/contracts/call.ts'
import type {
  loginAccountLogin,
  loginAccountRegister,
  loginBindMobile,
  loginOfficial,
  loginPhone,
  userQrcodeInfo,
} from '../../../core/contracts/calls.ts'
import type { LoginResult, UserInfo } from '../../../core/contracts/session.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import type { SecureStorage } from '../../lib/persist.ts'
import { apiAtom, type AppStore } from '../../lib/store.ts'
import { currentSessionAtom, setSessionAtom, type Session } from './atoms.ts'
import { StorageKey, forgetStoredCredentials } from './init.ts'

const storageHolderAtom = atom<{ storage: SecureStorage } | null>(null)

/** The encrypted stores, for the screens that sign in and out. */
export function provideStorage(store: AppStore, storage: SecureStorage): void {
  store.set(storageHolderAtom, { storage })
}

/** The encrypted stores, for features that keep a secret of their own (the credential card). */
export const secureStorageAtom = atom((get) => {
  const holder = get(storageHolderAtom)
  if (!holder) throw new Error('the storage is not provided to this store')
  return holder.storage
})

/**
 * Every login (account, register, phone, bind, credential) replaces the stored user info and token
 * with its answer; the device id and channel stay. Resolves once it is persisted, so a
 * reload right after keeps the new session.
 */
export const applyLoginAtom = atom(null, async (get, set, login: LoginResult) => {
  const holder = get(storageHolderAtom)
  if (!holder) throw new Error('the storage is not provided to this store')
  const { token, ...user } = login
  const current = get(currentSessionAtom)
  const next: Session = {
    uuid: current?.uuid ?? '',
    channel: current?.channel ?? { pc: '', dc: '', isLight: false },
    token,
    user,
  }
  set(setSessionAtom, next)
  await holder.storage.set(StorageKey.Session, next)
})

/** The calls that answer a login: the session becomes their answer. */
export type LoginCall =
  | typeof loginAccountLogin
  | typeof loginAccountRegister
  | typeof loginPhone
  | typeof loginOfficial
  | typeof userQrcodeInfo
  | typeof loginBindMobile

/**
 * Sends a login call and stores its answer as the session. A refusal rejects with the server's
 * tip, else its msg, else `fallback` (the text for that way of logging in).
 */
export const signInAtom = atom(
  null,
  async (get, set, login: { call: LoginCall; body: RequestOf<LoginCall>; fallback: string }) => {
    const result = await get(apiAtom).result(login.call, login.body)
    if (result.code !== ResultCode.Ok || !result.data) {
      throw new ApiError(ApiErrorKind.Business, result.tip || result.msg || login.fallback, result.code)
    }
    await set(applyLoginAtom, result.data)
  },
)

/** A call that answers the own user info (profile, avatar, number) updates the stored session's user. */
export const updateSessionUserAtom = atom(null, async (get, set, user: UserInfo) => {
  const holder = get(storageHolderAtom)
  const current = get(currentSessionAtom)
  if (!holder || !current) return
  const next: Session = { ...current, user }
  set(setSessionAtom, next)
  await holder.storage.set(StorageKey.Session, next)
})

/** Logout: the token and user are forgotten, here and in storage; a reload then starts afresh. */
export const signOutAtom = atom(null, async (get, set) => {
  const holder = get(storageHolderAtom)
  if (!holder) throw new Error('the storage is not provided to this store')
  set(setSessionAtom, null)
  await forgetStoredCredentials(holder.storage)
})
