import { atom } from 'jotai'
import localforage from 'localforage'
import { callKey } from '../../core/contracts/call-key.ts'
import { ApiError, ApiErrorKind } from './http.ts'
import type { AppStore } from './store.ts'

/** Where the last answers of list and detail reads live, so visited pages reopen offline. */
const READS_DATABASE = { name: 'marquee', storeName: 'reads' } as const
/** Reads kept; the least recently saved go first. About 10 KB each, so a few MB at most. */
const MAX_STORED_READS = 300

const INDEX_KEY = '__index__'

export interface ReadsBackend {
  getItem(key: string): Promise<unknown>
  setItem(key: string, value: unknown): Promise<unknown>
  removeItem(key: string): Promise<void>
  clear(): Promise<void>
}

export interface ReadResult<T> {
  data: T
  /** True when `data` is the stored answer of an earlier visit, because the network failed or is off. */
  stale: boolean
  /** When `data` was received (ms since the epoch). */
  savedAt: number
}

interface StoredRead {
  data: unknown
  savedAt: number
}

export interface OfflineReads {
  /**
   * Runs `fetch` and keeps its answer under (name, body). When the browser is offline, or the
   * fetch fails with a network or time-out error, the stored answer comes back marked stale;
   * with nothing stored the error stands. Other errors (business codes, bad requests) are
   * never hidden behind old data.
   */
  read<T>(name: string, body: unknown, fetch: () => Promise<T>): Promise<ReadResult<T>>
  /** The stored answer, or null. */
  peek<T>(name: string, body: unknown): Promise<ReadResult<T> | null>
  /** Forgets every stored read (settings' clear-cache). */
  clear(): Promise<void>
  /** Resolves once the saves started so far are written (or have failed). */
  flush(): Promise<void>
}

export interface OfflineReadsDeps {
  backend: ReadsBackend
  now(): number
  /** navigator.onLine; false means no request can succeed, so the stored answer is used at once. */
  isOnline(): boolean
  maxEntries?: number
}

/** Failures where the last answer is better than an error: the request never got an answer. */
export function isConnectivityError(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === ApiErrorKind.Network || error.kind === ApiErrorKind.Timeout)
}

function isStoredRead(value: unknown): value is StoredRead {
  const read = value as Partial<StoredRead> | null
  return typeof read === 'object' && read !== null && 'data' in read && typeof read.savedAt === 'number'
}

/**
 * The last successful answer of each read, kept in a storage of its own (not sealed: catalogue
 * answers are public and read on every visit). Storage failures (quota, private mode) never fail
 * a read: the network answer still comes back, it is only not kept.
 */
export function createOfflineReads(deps: OfflineReadsDeps): OfflineReads {
  const max = deps.maxEntries ?? MAX_STORED_READS
  // Keys in the order they were last saved, oldest first; loaded once, written after each save.
  let index: Promise<string[]> | null = null
  // Saves run one after another so concurrent reads do not lose each other's index updates.
  let queue: Promise<unknown> = Promise.resolve()

  const loadIndex = () =>
    (index ??= deps.backend.getItem(INDEX_KEY).then(
      (value) => (Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : []),
      () => [],
    ))

  function save(key: string, data: unknown, savedAt: number): Promise<void> {
    const task = queue.then(async () => {
      const keys = (await loadIndex()).filter((existing) => existing !== key)
      keys.push(key)
      const dropped = keys.splice(0, Math.max(0, keys.length - max))
      await deps.backend.setItem(key, { data, savedAt } satisfies StoredRead)
      await deps.backend.setItem(INDEX_KEY, keys)
      index = Promise.resolve(keys)
      await Promise.all(dropped.map((old) => deps.backend.removeItem(old)))
    })
    queue = task.catch(() => {
      // Quota or a closed database: the answer is not kept; reads go on.
      index = null
    })
    return queue.then(() => undefined)
  }

  async function peek<T>(key: string): Promise<ReadResult<T> | null> {
    try {
      const stored = await deps.backend.getItem(key)
      return isStoredRead(stored) ? { data: stored.data as T, stale: true, savedAt: stored.savedAt } : null
    } catch {
      return null
    }
  }

  return {
    async read<T>(name: string, body: unknown, fetch: () => Promise<T>): Promise<ReadResult<T>> {
      const key = callKey(name, body)
      if (!deps.isOnline()) {
        const stored = await peek<T>(key)
        if (stored) return stored
      }
      try {
        const data = await fetch()
        const savedAt = deps.now()
        void save(key, data, savedAt)
        return { data, stale: false, savedAt }
      } catch (error) {
        if (!isConnectivityError(error)) throw error
        const stored = await peek<T>(key)
        if (stored) return stored
        throw error
      }
    },
    peek: (name, body) => peek(callKey(name, body)),
    flush: () => queue.then(() => undefined),
    async clear() {
      await queue
      index = Promise.resolve([])
      await deps.backend.clear().catch(() => undefined)
    },
  }
}

let pageReads: OfflineReads | undefined

/** The page's offline reads, in IndexedDB (localforage `marquee` / `reads`), made on first use. */
function pageOfflineReads(): OfflineReads {
  pageReads ??= createOfflineReads({
    backend: localforage.createInstance({
      ...READS_DATABASE,
      driver: [localforage.INDEXEDDB, localforage.LOCALSTORAGE],
    }) as ReadsBackend,
    now: () => Date.now(),
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  })
  return pageReads
}

const readsHolderAtom = atom<{ reads: OfflineReads } | null>(null)

/** The offline reads of this store: the page's IndexedDB one unless a test provided its own. */
export const offlineReadsAtom = atom((get) => get(readsHolderAtom)?.reads ?? pageOfflineReads())

export function provideOfflineReads(store: AppStore, reads: OfflineReads): void {
  store.set(readsHolderAtom, { reads })
}
