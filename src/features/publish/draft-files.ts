import localforage from 'localforage'

/** Where the files of unfinished uploads wait for the next visit (IndexedDB only: a video would overflow localStorage). */
const FILES_DATABASE = { name: 'marquee', storeName: 'publishFiles' } as const

/** The part of a localforage instance the draft's files use. */
export interface FilesBackend {
  getItem(key: string): Promise<unknown>
  setItem(key: string, value: unknown): Promise<unknown>
  removeItem(key: string): Promise<void>
  keys(): Promise<string[]>
}

/**
 * The files of a draft's unfinished uploads, per user, so a reload resumes them without asking
 * for them again (a page cannot reopen a picked file, but a Blob kept in IndexedDB it can).
 */
export interface DraftFiles {
  /** Keeps a copy of the file; false when the browser refuses (quota, private mode). */
  put(id: string, file: Blob): Promise<boolean>
  /** The kept file, or null when it is gone or cannot be read. */
  get(id: string): Promise<Blob | null>
  remove(id: string): Promise<void>
  /** Drops this user's kept files but those `keep` names (left by a draft published, replaced or lost). */
  prune(keep: (id: string) => boolean): Promise<void>
}

/** A name for a kept file that no other upload of this device has had. */
export function newFileId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function pageBackend(): FilesBackend | null {
  try {
    return localforage.createInstance({ ...FILES_DATABASE, driver: localforage.INDEXEDDB })
  } catch {
    return null
  }
}

/** One user's kept files; every failure of the storage reads as "not kept", never as an error. */
export function createDraftFiles(userId: number, backend: FilesBackend | null = pageBackend()): DraftFiles {
  const prefix = `${userId}/`
  return {
    async put(id, file) {
      try {
        await backend?.setItem(prefix + id, file)
        return backend !== null
      } catch {
        // Quota, private mode or a browser that cannot store a Blob: the upload asks for its file again.
        return false
      }
    },
    async get(id) {
      try {
        const stored = await backend?.getItem(prefix + id)
        return stored instanceof Blob ? stored : null
      } catch {
        return null
      }
    },
    async remove(id) {
      try {
        await backend?.removeItem(prefix + id)
      } catch {
        // Left behind: the next visit's prune drops it.
      }
    },
    async prune(keep) {
      try {
        const keys = (await backend?.keys()) ?? []
        const gone = keys.filter((key) => key.startsWith(prefix) && !keep(key.slice(prefix.length)))
        await Promise.all(gone.map((key) => backend?.removeItem(key)))
      } catch {
        // As above.
      }
    },
  }
}

/** A backend in memory, for tests; `refuse` makes every write fail as a full storage does. */
export function createMemoryFilesBackend({ refuse = false } = {}): FilesBackend & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return {
    data,
    getItem: async (key) => data.get(key) ?? null,
    setItem: async (key, value) => {
      if (refuse) throw new DOMException('quota', 'QuotaExceededError')
      data.set(key, value)
      return value
    },
    removeItem: async (key) => {
      data.delete(key)
    },
    keys: async () => [...data.keys()],
  }
}
