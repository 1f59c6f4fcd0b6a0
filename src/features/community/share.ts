/** The browser's ways of sharing a link, passed in so tests can stand in for them. */
export interface ShareDeps {
  /** navigator.share where the browser has it (phones), else undefined. */
  share?: (data: ShareData) => Promise<void>
  /** navigator.clipboard.writeText where it is allowed, else undefined. */
  copy?: (text: string) => Promise<void>
}

export const browserShare: ShareDeps = {
  get share() {
    return typeof navigator !== 'undefined' && typeof navigator.share === 'function'
      ? (data: ShareData) => navigator.share(data)
      : undefined
  },
  get copy() {
    return typeof navigator !== 'undefined' && navigator.clipboard
      ? (text: string) => navigator.clipboard.writeText(text)
      : undefined
  },
}

/**
 * Shares through the system sheet where there is one, else copies the link. A share the user
 * dismissed is no failure; when the system sheet refuses (not allowed here), the link is copied.
 */
export async function sharePost(
  deps: ShareDeps,
  post: { title: string; url: string },
): Promise<'shared' | 'copied' | 'failed'> {
  if (deps.share) {
    try {
      await deps.share({ title: post.title, url: post.url })
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared'
    }
  }
  if (!deps.copy) return 'failed'
  try {
    await deps.copy(post.url)
    return 'copied'
  } catch {
    return 'failed'
  }
}
