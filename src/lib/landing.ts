const LANDING_KEY = 'marquee:landing'

function normalise(href: string): string {
  const [path = '/', query] = href.split('?', 2)
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return query ? `${trimmed}?${query}` : trimmed
}

/**
 * The route the app was entered on in this tab, kept in sessionStorage so a reload
 * deeper in the history does not reset it.
 */
export function recordLanding(href: string, storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): void {
  try {
    if (!storage.getItem(LANDING_KEY)) storage.setItem(LANDING_KEY, normalise(href))
  } catch {
    // Storage blocked: the back rule then falls back to history.
  }
}

/** The back rule: `/` from the landing route (or with no history), else one step back. */
export function backTarget(
  currentHref: string,
  canGoBack: boolean,
  storage: Pick<Storage, 'getItem'> = sessionStorage,
): 'home' | 'history' {
  let landing: string | null
  try {
    landing = storage.getItem(LANDING_KEY)
  } catch {
    landing = null
  }
  if (!canGoBack) return 'home'
  return landing !== null && normalise(currentHref) === landing ? 'home' : 'history'
}
