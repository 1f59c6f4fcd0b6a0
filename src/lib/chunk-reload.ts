const RELOAD_KEY = 'marquee:chunk-reload'

/** Messages browsers give a dynamic import whose file is gone (a deploy replaced it). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return /dynamically imported module|Importing a module script failed|module script|Loading chunk|preload CSS/i.test(
    `${error.name} ${error.message}`,
  )
}

/**
 * A stale chunk after a deploy: reload once to pick up the new index.html. True when a
 * reload was started; false when one already happened (then the error page shows).
 */
export function reloadOnceForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => location.reload(),
): boolean {
  try {
    if (storage.getItem(RELOAD_KEY)) return false
    storage.setItem(RELOAD_KEY, String(Date.now()))
  } catch {
    return false
  }
  reload()
  return true
}

/** Called after a route resolved, so a later stale chunk may reload again. */
export function clearChunkReloadFlag(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  try {
    storage.removeItem(RELOAD_KEY)
  } catch {
    // Storage blocked: nothing to clear.
  }
}
