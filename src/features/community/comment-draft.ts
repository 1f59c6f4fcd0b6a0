/** Where a post's unsent comment waits (localStorage), so leaving the page or a reload keeps it. */
export const draftKey = (postId: number) => `marquee.commentDraft.${postId}`

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The browser's localStorage, or null where it cannot be used (private mode, storage off). */
export function browserDraftStorage(): DraftStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

export function readDraft(storage: DraftStorage | null, postId: number): string {
  try {
    return storage?.getItem(draftKey(postId)) ?? ''
  } catch {
    return ''
  }
}

/** Keeps the draft; an empty one is forgotten. A full or refused storage only loses the draft. */
export function saveDraft(storage: DraftStorage | null, postId: number, text: string): void {
  try {
    if (text.trim() === '') storage?.removeItem(draftKey(postId))
    else storage?.setItem(draftKey(postId), text)
  } catch {
    // The draft is a convenience: the comment can still be sent.
  }
}
