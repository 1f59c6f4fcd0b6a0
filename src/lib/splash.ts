/** Shown until the first content: see scheduleSplashRemoval's callers for when. */
let removeAt: number | null = null
let timer: ReturnType<typeof setTimeout> | undefined

/**
 * Removes #splash after `delayMs`; an earlier removal wins over a later one. The shell
 * asks for 2 s after the first non-home route shows; home asks for 0 once its
 * first content has rendered, and error screens ask for 0 so an error is never hidden.
 */
export function scheduleSplashRemoval(delayMs: number, now = Date.now()): void {
  const at = now + delayMs
  if (removeAt !== null && removeAt <= at) return
  removeAt = at
  clearTimeout(timer)
  timer = setTimeout(removeSplash, delayMs)
}

function removeSplash(): void {
  const splash = document.getElementById('splash')
  if (!splash) return
  splash.classList.add('is-leaving')
  setTimeout(() => splash.remove(), 300)
}
