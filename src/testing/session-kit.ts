import type { UserInfo } from '../../core/contracts/session.ts'
import { asAsync } from '../../core/protocol/crypto.ts'
import { DEV_API_SECRET } from '../../core/protocol/defaults.ts'
import { createNobleCrypto } from '../../core/protocol/noble-crypto.ts'
import { setSessionAtom, type Session } from '../features/session/atoms.ts'
import { StorageKey } from '../features/session/init.ts'
import { provideStorage } from '../features/session/sign-in.ts'
import { createMemoryBackend, createSecureStorage } from '../lib/persist.ts'
import type { AppStore } from '../lib/store.ts'

/** Test kit for screens that read or change the session: a user, and a store signed in as them. */

const off = { vipType: 0, vipExpireInt: 0, vipExpire: '' }

export const testUser = (patch: Partial<UserInfo> = {}): UserInfo => ({
  id: 10086,
  nickname: '游客10086',
  avatar: '',
  isGuest: true,
  normalVip: off,
  supremeVip: off,
  darkVip: off,
  balance: 0,
  createdAt: 1,
  intro: '',
  account: '',
  mobile: '',
  credentialCreatedAt: 0,
  ...patch,
})

export const TEST_DEVICE_ID = 'device-1234567'

const noble = createNobleCrypto((n) => new Uint8Array(n).fill(7))

/**
 * Gives `store` encrypted storage in memory and, with a user, a session of theirs on
 * TEST_DEVICE_ID (stored too, as a real start leaves it). Answers the storage to read back.
 */
export async function withSession(store: AppStore, user: UserInfo | null, token = 'tok-1') {
  const storage = createSecureStorage({
    crypto: asAsync(noble, () => noble),
    secret: DEV_API_SECRET,
    backend: createMemoryBackend(),
  })
  provideStorage(store, storage)
  if (user) {
    const session: Session = { uuid: TEST_DEVICE_ID, token, channel: { pc: '', dc: '', isLight: false }, user }
    store.set(setSessionAtom, session)
    await storage.set(StorageKey.Session, session)
  }
  return {
    storage,
    stored: () => storage.get<Session>(StorageKey.Session),
  }
}
