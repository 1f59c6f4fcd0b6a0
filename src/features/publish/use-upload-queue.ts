import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChunkedUpload, ChunkedUploadEvents, UploadedImage, UploadedVideo } from '../../lib/chunked-upload.ts'
import { ApiError, ApiErrorKind, errorMessage } from '../../lib/http.ts'
import { isConnectivityError } from '../../lib/offline-reads.ts'
import { useLoadWhenBackOnline } from '../../lib/use-back-online.ts'
import { newFileId, type DraftFiles } from './draft-files.ts'
import type { DraftUpload } from './draft.ts'

export type UploadKind = 'image' | 'video'

/**
 * queued → hashing (reading the file for its identifier) → uploading → done; paused and failed
 * go back to queued on resume or retry. An unfinished upload of an earlier visit is restoring
 * while its kept file is read back, then queued; missing when the file was not kept (storage
 * refused) and must be picked again (a page cannot reopen a picked file by itself).
 */
export type UploadStatus = 'restoring' | 'queued' | 'hashing' | 'uploading' | 'paused' | 'failed' | 'done' | 'missing'

export interface UploadItem {
  key: string
  kind: UploadKind
  name: string
  size: number
  status: UploadStatus
  /** Bytes the server has confirmed. */
  confirmed: number
  /** Bytes read for the identifier. */
  hashed: number
  error: string
  /** Failed for want of a network: queued again by itself when the app is back online. */
  offline: boolean
  /** An object URL of the picked file (its thumbnail) while the file is in memory. */
  preview: string | null
  /** Seconds, as the browser read a picked video, or the server's probe once finished. */
  duration: number | null
  image?: UploadedImage
  video?: UploadedVideo
  /** Where the file is kept for the next visit, while the upload is unfinished and the browser keeps it. */
  fileId: string | null
  /** The file's upload identifier, once read. */
  identifier: string | null
}

export type AnyUpload = ChunkedUpload<UploadedImage> | ChunkedUpload<UploadedVideo>

export interface UploadQueueDeps {
  /** `identifier`: the one computed on an earlier visit for this very file. */
  createUpload(kind: UploadKind, file: File, events: ChunkedUploadEvents, identifier?: string): AnyUpload
  preview(file: File): string | null
  revoke(url: string): void
  files: DraftFiles
}

let nextKey = 1
const newKey = () => `upload-${nextKey++}`

export const percentOf = (item: Pick<UploadItem, 'confirmed' | 'size'>) =>
  item.size > 0 ? Math.min(100, Math.floor((item.confirmed / item.size) * 100)) : 0

/** An item as the draft keeps it: a finished upload's answer, or how far an unfinished one got. */
export function toDraftUpload(item: UploadItem): DraftUpload {
  const base = { kind: item.kind, name: item.name, size: item.size }
  if (item.status === 'done')
    return { ...base, ...(item.image ? { image: item.image } : {}), ...(item.video ? { video: item.video } : {}) }
  return {
    ...base,
    confirmed: item.confirmed,
    ...(item.fileId ? { fileId: item.fileId } : {}),
    ...(item.fileId && item.identifier ? { identifier: item.identifier } : {}),
  }
}

function fromDraft(upload: DraftUpload): UploadItem {
  const done = upload.kind === 'image' ? upload.image !== undefined : upload.video !== undefined
  return {
    key: newKey(),
    kind: upload.kind,
    name: upload.name,
    size: upload.size,
    status: done ? 'done' : upload.fileId ? 'restoring' : 'missing',
    confirmed: done ? upload.size : (upload.confirmed ?? 0),
    hashed: 0,
    error: '',
    offline: false,
    preview: null,
    duration: upload.video?.duration ?? null,
    ...(upload.image ? { image: upload.image } : {}),
    ...(upload.video ? { video: upload.video } : {}),
    fileId: done ? null : (upload.fileId ?? null),
    identifier: done ? null : (upload.identifier ?? null),
  }
}

const ACTIVE: readonly UploadStatus[] = ['hashing', 'uploading']

/**
 * The post's uploads, one file at a time (each with its 3 chunks in flight), with pause, resume,
 * retry and remove. Leaving the page pauses what is running; the draft keeps how far it got and
 * `deps.files` keeps the unfinished files, so the next visit resumes them by itself from the
 * chunks the server holds (same bytes, same identifier). A file the browser would not keep is
 * picked again instead.
 */
export function useUploadQueue(initial: readonly DraftUpload[], deps: UploadQueueDeps) {
  const [first] = useState(() => initial.map(fromDraft))
  const [items, setItems] = useState<UploadItem[]>(first)
  const files = useRef(new Map<string, File>())
  const uploads = useRef(new Map<string, AnyUpload>())
  /** Paused by the user; any other pause (the page left) queues the upload again. */
  const userPaused = useRef(new Set<string>())
  /** Item key → its kept file, for the items still unfinished; what is not here is dropped. */
  const [keptFiles] = useState(
    () => new Map(first.flatMap((item) => (item.fileId ? [[item.key, item.fileId] as const] : []))),
  )

  const update = useCallback((key: string, patch: (item: UploadItem) => Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch(item) } : item)))
  }, [])

  /** Drops the kept file of an upload finished, removed or replaced. */
  const forget = useCallback(
    (key: string) => {
      const fileId = keptFiles.get(key)
      if (!fileId) return
      keptFiles.delete(key)
      void deps.files.remove(fileId)
    },
    [deps, keptFiles],
  )

  /** Keeps a picked file for the next visit; the item's fileId says where, or is cleared when refused. */
  const keep = useCallback(
    (key: string, file: File): string => {
      const fileId = newFileId()
      keptFiles.set(key, fileId)
      void deps.files.put(fileId, file).then((kept) => {
        if (keptFiles.get(key) !== fileId) {
          // Finished or removed while it was being written.
          if (kept) void deps.files.remove(fileId)
          return
        }
        if (kept) return
        keptFiles.delete(key)
        update(key, (item) => (item.fileId === fileId ? { fileId: null } : {}))
      })
      return fileId
    },
    [deps, keptFiles, update],
  )

  // The unfinished uploads of an earlier visit: their kept files are read back and queued; those
  // not found ask for their file again. Kept files no draft names any more are dropped.
  useEffect(() => {
    let live = true
    const restoring = first.filter((item) => item.status === 'restoring')
    void Promise.all(
      restoring.map(async (item) => {
        const fileId = item.fileId ?? ''
        const blob = await deps.files.get(fileId)
        if (!live || keptFiles.get(item.key) !== fileId || files.current.has(item.key)) return
        if (!blob) {
          keptFiles.delete(item.key)
          update(item.key, () => ({ status: 'missing', fileId: null, identifier: null }))
          return
        }
        const file = blob instanceof File ? blob : new File([blob], item.name, { type: blob.type })
        files.current.set(item.key, file)
        const preview = deps.preview(file)
        update(item.key, () => ({ status: userPaused.current.has(item.key) ? 'paused' : 'queued', preview }))
      }),
    ).then(() => {
      if (!live) return
      const named = new Set(keptFiles.values())
      return deps.files.prune((fileId) => named.has(fileId))
    })
    return () => {
      live = false
    }
  }, [deps, first, keptFiles, update])

  const start = useCallback(
    (key: string) => {
      const file = files.current.get(key)
      const item = items.find((candidate) => candidate.key === key)
      if (!file || !item) return
      let upload = uploads.current.get(key)
      if (!upload) {
        const created = deps.createUpload(
          item.kind,
          file,
          {
            onHashProgress: (read) => update(key, () => ({ hashed: read })),
            onProgress: (confirmed) =>
              update(key, () => ({ status: 'uploading', confirmed, identifier: created.identifier ?? null })),
          },
          item.identifier ?? undefined,
        )
        upload = created
        uploads.current.set(key, upload)
      }
      update(key, () => ({ status: upload.identifier ? 'uploading' : 'hashing', error: '', offline: false }))
      const running: Promise<UploadedImage | UploadedVideo> = upload.run()
      running.then(
        (result) => {
          if (!uploads.current.has(key)) return
          forget(key)
          update(key, (item) =>
            'imageId' in result
              ? { status: 'done', confirmed: item.size, image: result, fileId: null }
              : { status: 'done', confirmed: item.size, video: result, duration: result.duration, fileId: null },
          )
        },
        (error: unknown) => {
          if (!uploads.current.has(key)) return
          if (error instanceof ApiError && error.kind === ApiErrorKind.Canceled) {
            // Paused by leaving the page: queued, so a page mounted again (StrictMode) goes on.
            update(key, () => ({ status: userPaused.current.has(key) ? 'paused' : 'queued' }))
            return
          }
          update(key, () => ({ status: 'failed', error: errorMessage(error), offline: isConnectivityError(error) }))
        },
      )
    },
    [deps, forget, items, update],
  )

  // One file at a time: the next queued one starts when nothing is running.
  useEffect(() => {
    if (items.some((item) => ACTIVE.includes(item.status))) return
    const next = items.find((item) => item.status === 'queued')
    if (next) start(next.key)
  }, [items, start])

  // A lost network fails the chunks in flight; coming back online resumes those uploads.
  const requeueOffline = useCallback(() => {
    setItems((current) =>
      current.map((item) =>
        item.status === 'failed' && item.offline ? { ...item, status: 'queued', error: '', offline: false } : item,
      ),
    )
  }, [])
  useLoadWhenBackOnline(
    items.some((item) => item.status === 'failed' && item.offline),
    requeueOffline,
  )

  // Leaving the page pauses the uploads; their confirmed chunks stay on the server for the next visit.
  useEffect(() => {
    const running = uploads.current
    return () => {
      for (const upload of running.values()) upload.pause()
    }
  }, [])

  const add = useCallback(
    (kind: UploadKind, file: File, duration: number | null = null) => {
      const key = newKey()
      files.current.set(key, file)
      const preview = deps.preview(file)
      const fileId = keep(key, file)
      setItems((current) => [
        ...current,
        {
          key,
          kind,
          name: file.name,
          size: file.size,
          status: 'queued',
          confirmed: 0,
          hashed: 0,
          error: '',
          offline: false,
          preview,
          duration,
          fileId,
          identifier: null,
        },
      ])
    },
    [deps, keep],
  )

  const pause = useCallback(
    (key: string) => {
      userPaused.current.add(key)
      uploads.current.get(key)?.pause()
      // A queued one has no upload running: it just stays where it is (a restoring one, once read back).
      update(key, (item) => (item.status === 'queued' ? { status: 'paused' } : {}))
    },
    [update],
  )

  /** Resume after a pause, or retry after a failure: the queue starts it again. */
  const resume = useCallback(
    (key: string) => {
      userPaused.current.delete(key)
      update(key, (item) =>
        item.status === 'paused' || item.status === 'failed' ? { status: 'queued', error: '' } : {},
      )
    },
    [update],
  )

  const remove = useCallback(
    (key: string) => {
      uploads.current.get(key)?.pause()
      uploads.current.delete(key)
      files.current.delete(key)
      forget(key)
      setItems((current) => {
        const gone = current.find((item) => item.key === key)
        if (gone?.preview) deps.revoke(gone.preview)
        return current.filter((item) => item.key !== key)
      })
    },
    [deps, forget],
  )

  /** A missing upload's file picked again: uploaded afresh, skipping what the server already holds. */
  const repick = useCallback(
    (key: string, file: File, duration: number | null = null) => {
      files.current.set(key, file)
      uploads.current.delete(key)
      forget(key)
      const fileId = keep(key, file)
      const preview = deps.preview(file)
      update(key, (item) => {
        if (item.preview) deps.revoke(item.preview)
        return {
          name: file.name,
          size: file.size,
          status: 'queued',
          confirmed: 0,
          hashed: 0,
          error: '',
          preview,
          duration,
          fileId,
          identifier: null,
        }
      })
    },
    [deps, forget, keep, update],
  )

  return { items, add, pause, resume, remove, repick }
}
