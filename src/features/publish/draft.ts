import * as v from 'valibot'
import { UploadedImageSchema } from '../../../core/contracts/account.ts'
import { UploadedVideoSchema } from '../../../core/contracts/community.ts'

/**
 * What of a post being written survives a reload: fields, finished uploads, and what was left
 * unfinished (its file, when the browser would keep it, waits in IndexedDB under `fileId`).
 */
const DraftUploadSchema = v.object({
  kind: v.picklist(['image', 'video']),
  /** Shown to say which file to pick again; never sent. */
  name: v.string(),
  size: v.number(),
  /** The server's answer for a finished upload. */
  image: v.optional(UploadedImageSchema),
  video: v.optional(UploadedVideoSchema),
  /** Bytes confirmed when the page was left, for an unfinished one. */
  confirmed: v.optional(v.number()),
  /** Where an unfinished upload's file is kept (`draft-files.ts`); absent when it could not be. */
  fileId: v.optional(v.string()),
  /** The kept file's upload identifier, so a resumed upload does not read the file again. */
  identifier: v.optional(v.string()),
})
export type DraftUpload = v.InferOutput<typeof DraftUploadSchema>

const DraftSchema = v.object({
  categoryId: v.nullable(v.number()),
  content: v.string(),
  /** As typed (diamonds, e.g. "12.5"). */
  price: v.string(),
  uploads: v.array(DraftUploadSchema),
})
export type PublishDraft = v.InferOutput<typeof DraftSchema>

export const EMPTY_DRAFT: PublishDraft = { categoryId: null, content: '', price: '', uploads: [] }

export function isEmptyDraft(draft: PublishDraft): boolean {
  return draft.content.trim() === '' && draft.price.trim() === '' && draft.uploads.length === 0
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface DraftStore {
  load(): PublishDraft | null
  save(draft: PublishDraft): void
  clear(): void
}

const draftKey = (userId: number) => `marquee.publishDraft.${userId}`

function browserStorage(): DraftStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage blocked (privacy settings): the draft lasts as long as the page.
    return null
  }
}

/**
 * The draft of one user on this device (localStorage, so it is there synchronously when the
 * page opens). Another user of the device never sees it; a stored value of another shape is
 * dropped. A full or blocked storage loses the draft, never the post being written.
 */
export function createDraftStore(userId: number, storage: DraftStorage | null = browserStorage()): DraftStore {
  const key = draftKey(userId)
  return {
    load() {
      try {
        const stored = storage?.getItem(key)
        if (!stored) return null
        const parsed = v.safeParse(DraftSchema, JSON.parse(stored))
        return parsed.success ? parsed.output : null
      } catch {
        return null
      }
    },
    save(draft) {
      try {
        if (isEmptyDraft(draft)) storage?.removeItem(key)
        else storage?.setItem(key, JSON.stringify(draft))
      } catch {
        // Quota or privacy mode: nothing to do but keep going without a draft.
      }
    },
    clear() {
      try {
        storage?.removeItem(key)
      } catch {
        // As above.
      }
    },
  }
}
