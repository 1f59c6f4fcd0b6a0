import { messageLatest } from '../../../core/contracts/calls-messages.ts'
import type { LatestMessages } from '../../../core/contracts/messages.ts'
import { apiAtom, type AppStore } from '../../lib/store.ts'
import { tokenAtom } from '../session/public.ts'
import { setUnreadTotalAtom } from './unread.ts'

/**
 * Asks message/latest and sets the badge from it. Without a session the badge is 0 (a logout
 * leaves no count behind) and nothing is asked; an answer that comes back after the session
 * changed is another account's and is dropped (null), the new session's own call sets the badge.
 */
export async function refreshUnread(store: AppStore): Promise<LatestMessages | null> {
  const token = store.get(tokenAtom)
  if (!token) {
    store.set(setUnreadTotalAtom, 0)
    return null
  }
  const latest = await store.get(apiAtom).call(messageLatest)
  if (store.get(tokenAtom) !== token) return null
  store.set(setUnreadTotalAtom, latest.unread)
  return latest
}

/**
 * Keeps the badge current without a push service or a polling loop: asks now, whenever the page
 * comes back to the foreground, and when the session changes (a login, a new guest). Returns the
 * way to stop.
 */
export function watchUnread(
  store: AppStore,
  page: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> = document,
): () => void {
  const refresh = () => {
    refreshUnread(store).catch(() => {
      // The badge keeps its last count; the next return to the app asks again.
    })
  }
  const handleVisibility = () => {
    if (page.visibilityState === 'visible') refresh()
  }
  refresh()
  page.addEventListener('visibilitychange', handleVisibility)
  const stopSession = store.sub(tokenAtom, refresh)
  return () => {
    page.removeEventListener('visibilitychange', handleVisibility)
    stopSession()
  }
}
