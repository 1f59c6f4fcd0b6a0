import { t } from '../../lib/messages.ts'
import { useAtomValue } from 'jotai'
import { isOfflineAtom } from '../../lib/online-status.ts'
import './offline-banner.css'

/** A slim line above the footer while the app is offline, so the user knows why actions fail. */
export function OfflineBanner() {
  const offline = useAtomValue(isOfflineAtom)
  // The live region stays mounted so screen readers announce the change, not just a new node.
  return (
    <div className={offline ? 'offline-banner' : 'offline-banner offline-banner--hidden'} role="status">
      {offline ? t.offline.banner : null}
    </div>
  )
}
