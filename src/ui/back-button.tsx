import { useCanGoBack, useLocation, useRouter } from '@tanstack/react-router'
import { backTarget } from '../lib/landing.ts'
import { t } from '../lib/messages.ts'

/** The shared back button: home from the landing route, else one step back (lib/landing.ts). */
export function BackButton() {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const href = useLocation({ select: (location) => location.href })
  const handleBack = () => {
    if (backTarget(href, canGoBack) === 'home') void router.navigate({ to: '/' })
    else router.history.back()
  }
  return (
    <button type="button" className="back-button" onClick={handleBack} aria-label={t.common.back}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  )
}
