import { useEffect } from 'react'

/**
 * Calls `refresh` when the screen shows and whenever the page comes back to the foreground. A
 * kept tab page's effects run again each time it is shown (React's <Activity>), so progress made
 * on other pages meanwhile (a video watched, a post published) shows when the user comes back.
 */
export function useRefreshOnReturn(refresh: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    refresh()
    const handleVisibility = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    document.addEventListener('visibilitychange', handleVisibility)
    return () => document.removeEventListener('visibilitychange', handleVisibility)
  }, [refresh, enabled])
}
