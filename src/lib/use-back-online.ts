import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { isOfflineAtom } from './online-status.ts'

/**
 * Calls `load` when the app comes back online while `failed` (a first load that failed for want
 * of a network), so the screen fills by itself. Only on that change: a server that keeps
 * failing is not asked again in a loop.
 */
export function useLoadWhenBackOnline(failed: boolean, load: () => unknown): void {
  const offline = useAtomValue(isOfflineAtom)
  const wasOffline = useRef(offline)
  useEffect(() => {
    const back = wasOffline.current && !offline
    wasOffline.current = offline
    if (back && failed) void load()
  }, [offline, failed, load])
}
