/** The browser's clipboard and share sheet, passed in so tests can stand in for them. */
export interface ShareDeps {
  /** navigator.clipboard.writeText where it is allowed, else undefined. */
  copy?: (text: string) => Promise<void>
  /** navigator.share where the browser has it (phones), else undefined. */
  share?: (data: ShareData) => Promise<void>
  /** navigator.canShare where the browser has it: whether it can share these files. */
  canShare?: (data: ShareData) => boolean
}

export const browserShare: ShareDeps = {
  get copy() {
    return typeof navigator !== 'undefined' && navigator.clipboard
      ? (text: string) => navigator.clipboard.writeText(text)
      : undefined
  },
  get share() {
    return typeof navigator !== 'undefined' && typeof navigator.share === 'function'
      ? (data: ShareData) => navigator.share(data)
      : undefined
  },
  get canShare() {
    return typeof navigator !== 'undefined' && typeof navigator.canShare === 'function'
      ? (data: ShareData) => navigator.canShare(data)
      : undefined
  },
}

/** Copies `text`; false when the browser has no clipboard here or refused. */
export async function copyText(deps: ShareDeps, text: string): Promise<boolean> {
  if (!deps.copy) return false
  try {
    await deps.copy(text)
    return true
  } catch {
    return false
  }
}

/**
 * Shares a link through the system sheet, with `files` where the browser can share them, else
 * copies the link. A sheet the user dismissed is no failure; one that refuses (not allowed here)
 * copies the link. The sheet is asked for before anything is awaited: Safari opens it only while
 * the tap's user activation lasts.
 */
export async function shareLink(
  deps: ShareDeps,
  link: { title: string; url: string; files?: readonly File[] },
): Promise<'shared' | 'copied' | 'failed'> {
  if (deps.share) {
    const plain = { title: link.title, url: link.url }
    const withFiles = link.files?.length ? { ...plain, files: [...link.files] } : undefined
    try {
      await deps.share(withFiles && deps.canShare?.(withFiles) ? withFiles : plain)
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared'
    }
  }
  return (await copyText(deps, link.url)) ? 'copied' : 'failed'
}
