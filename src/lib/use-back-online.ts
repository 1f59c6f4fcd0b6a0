import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { isOfflineAtom } from './online-status.ts'

/**
 * Calls `load` when the app comes back online while `needed`: a first load that failed for want
 * of a network, or a list shown from storage, so the screen fills or freshens by itself. Only on
 * that change: a server that keeps failing is not asked again in a loop. What is already needed
 * when the screen mounts may come from an earlier, offline visit, so it is asked once then if the
 * app is online (a load already under way absorbs that call).
 */
export function useLoadWhenBackOnline(needed: boolean, load: () => unknown): void {
  const offline = useAtomValue(isOfflineAtom)
  const wasOffline = useRef(offline || needed)
  useEffect(() => {
    const back = wasOffline.current && !offline
    wasOffline.current = offline
    if (back && needed) void load()
  }, [offline, needed, load])
}
