import localforage from 'localforage'
import type { AsyncProtocolCrypto } from '../../core/protocol/crypto.ts'
import { isEnvelope, openAsync, sealAsync } from '../../core/protocol/envelope.ts'

/** Where the session, config and app stores live. */
const STATE_DATABASE = { name: 'marquee', storeName: 'state' } as const

export interface KeyValueBackend {
  getItem(key: string): Promise<unknown>
  setItem(key: string, value: unknown): Promise<unknown>
  removeItem(key: string): Promise<void>
}

export interface SecureStorage {
  get<T>(key: string): Promise<T | null>
  set(key: string, value: unknown): Promise<void>
  remove(key: string): Promise<void>
}

/**
 * Values sealed with the protocol envelope keyed by the API secret before they reach
 * IndexedDB. The secret ships in the app, so this deters casual reading of the
 * database; it is not protection against someone holding the device.
 */
export function createSecureStorage(deps: {
  crypto: AsyncProtocolCrypto
  secret: string
  backend: KeyValueBackend
}): SecureStorage {
  return {
    async get<T>(key: string) {
      const stored = await deps.backend.getItem(key)
      if (!isEnvelope(stored)) return null
      try {
        return (await openAsync(deps.crypto, deps.secret, stored)) as T
      } catch {
        // Sealed under another secret (a rebuilt app) or damaged: start that store afresh.
        await deps.backend.removeItem(key)
        return null
      }
    },
    async set(key, value) {
      await deps.backend.setItem(key, await sealAsync(deps.crypto, deps.secret, value))
    },
    remove: (key) => deps.backend.removeItem(key),
  }
}

export function createStateBackend(): KeyValueBackend {
  return localforage.createInstance({ ...STATE_DATABASE, driver: [localforage.INDEXEDDB, localforage.LOCALSTORAGE] })
}

/** A backend in memory, for tests and for browsers that refuse every storage driver. */
export function createMemoryBackend(): KeyValueBackend & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return {
    data,
    getItem: async (key) => data.get(key) ?? null,
    setItem: async (key, value) => {
      data.set(key, value)
      return value
    },
    removeItem: async (key) => {
      data.delete(key)
    },
  }
}
