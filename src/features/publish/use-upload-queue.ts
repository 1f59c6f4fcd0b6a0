import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChunkedUpload, ChunkedUploadEvents, UploadedImage, UploadedVideo } from '../../lib/chunked-upload.ts'
import { ApiError, ApiErrorKind, errorMessage } from '../../lib/http.ts'
import { isConnectivityError } from '../../lib/offline-reads.ts'
import { useLoadWhenBackOnline } from '../../lib/use-back-online.ts'
import type { DraftUpload } from './draft.ts'

export type UploadKind = 'image' | 'video'

/**
 * queued → hashing (reading the file for its identifier) → uploading → done; paused and failed
 * go back to queued on resume or retry; missing is an unfinished upload of an earlier visit whose
 * file must be picked again (a page cannot reopen a file by itself).
 */
export type UploadStatus = 'queued' | 'hashing' | 'uploading' | 'paused' | 'failed' | 'done' | 'missing'

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
}

export type AnyUpload = ChunkedUpload<UploadedImage> | ChunkedUpload<UploadedVideo>

export interface UploadQueueDeps {
  createUpload(kind: UploadKind, file: File, events: ChunkedUploadEvents): AnyUpload
  preview(file: File): string | null
  revoke(url: string): void
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
  return { ...base, confirmed: item.confirmed }
}

function fromDraft(upload: DraftUpload): UploadItem {
  const done = upload.kind === 'image' ? upload.image !== undefined : upload.video !== undefined
  return {
    key: newKey(),
    kind: upload.kind,
    name: upload.name,
    size: upload.size,
    status: done ? 'done' : 'missing',
    confirmed: done ? upload.size : (upload.confirmed ?? 0),
    hashed: 0,
    error: '',
    offline: false,
    preview: null,
    duration: upload.video?.duration ?? null,
    ...(upload.image ? { image: upload.image } : {}),
    ...(upload.video ? { video: upload.video } : {}),
  }
}

const ACTIVE: readonly UploadStatus[] = ['hashing', 'uploading']

/**
 * The post's uploads, one file at a time (each with its 3 chunks in flight), with pause, resume,
 * retry and remove. Leaving the page pauses what is running; the draft keeps how far it got, and
 * picking the same file again resumes from the chunks the server holds (same bytes, same
 * identifier).
 */
export function useUploadQueue(initial: readonly DraftUpload[], deps: UploadQueueDeps) {
  const [items, setItems] = useState<UploadItem[]>(() => initial.map(fromDraft))
  const files = useRef(new Map<string, File>())
  const uploads = useRef(new Map<string, AnyUpload>())
  /** Paused by the user; any other pause (the page left) queues the upload again. */
  const userPaused = useRef(new Set<string>())

  const update = useCallback((key: string, patch: (item: UploadItem) => Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch(item) } : item)))
  }, [])

  const start = useCallback(
    (key: string) => {
      const file = files.current.get(key)
      const kind = items.find((item) => item.key === key)?.kind
      if (!file || !kind) return
      let upload = uploads.current.get(key)
      if (!upload) {
        upload = deps.createUpload(kind, file, {
          onHashProgress: (read) => update(key, () => ({ hashed: read })),
          onProgress: (confirmed) => update(key, () => ({ status: 'uploading', confirmed })),
        })
        uploads.current.set(key, upload)
      }
      update(key, () => ({ status: upload.identifier ? 'uploading' : 'hashing', error: '', offline: false }))
      const running: Promise<UploadedImage | UploadedVideo> = upload.run()
      running.then(
        (result) => {
          if (!uploads.current.has(key)) return
          update(key, (item) =>
            'imageId' in result
              ? { status: 'done', confirmed: item.size, image: result }
              : { status: 'done', confirmed: item.size, video: result, duration: result.duration },
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
    [deps, items, update],
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
        },
      ])
    },
    [deps],
  )

  const pause = useCallback(
    (key: string) => {
      userPaused.current.add(key)
      uploads.current.get(key)?.pause()
      // A queued one has no upload running: it just stays where it is.
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
      setItems((current) => {
        const gone = current.find((item) => item.key === key)
        if (gone?.preview) deps.revoke(gone.preview)
        return current.filter((item) => item.key !== key)
      })
    },
    [deps],
  )

  /** A missing upload's file picked again: uploaded afresh, skipping what the server already holds. */
  const repick = useCallback(
    (key: string, file: File, duration: number | null = null) => {
      files.current.set(key, file)
      uploads.current.delete(key)
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
        }
      })
    },
    [deps, update],
  )

  return { items, add, pause, resume, remove, repick }
}
