import { useRouter, useRouterState } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useMemo } from 'react'
import { clearChunkReloadFlag } from '../../lib/chunk-reload.ts'
import { t } from '../../lib/messages.ts'
import { scheduleSplashRemoval } from '../../lib/splash.ts'
import { FooterNav } from '../../ui/footer-nav.tsx'
import { ProgressBar } from '../../ui/progress-bar.tsx'
import { Toaster } from '../../ui/toast.tsx'
import { unreadTotalAtom } from '../messages/public.ts'
import { KeepAliveOutlet } from './keep-alive-outlet.tsx'
import { FOOTER_TABS, MINE_TAB_PATH, footerTabFor } from './tabs.tsx'
import { OfflineBanner } from './offline-banner.tsx'
import { UpdatePrompt } from './update.tsx'

/** Splash: 2 s after the first non-home route shows; home removes it itself (lib/splash.ts). */
const SPLASH_AFTER_ROUTE_MS = 2000

/** The shell around every page: progress bar, pages, footer tab bar, prompts. */
export function AppLayout() {
  const router = useRouter()
  const leafRouteId = useRouterState({ select: (state) => state.matches[state.matches.length - 1]?.routeId })
  const busy = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading })
  const tab = footerTabFor(leafRouteId)
  const unread = useAtomValue(unreadTotalAtom)
  const tabs = useMemo(
    () =>
      FOOTER_TABS.map((item) =>
        item.path === MINE_TAB_PATH ? { ...item, badge: unread, badgeLabel: t.tabs.unread(unread) } : item,
      ),
    [unread],
  )

  useEffect(() => {
    if (leafRouteId !== undefined && leafRouteId !== '/') scheduleSplashRemoval(SPLASH_AFTER_ROUTE_MS)
  }, [leafRouteId])
  useEffect(() => router.subscribe('onResolved', () => clearChunkReloadFlag()), [router])

  const handleSelect = useCallback(
    (path: string) => {
      void router.navigate({ to: path as '/' })
    },
    [router],
  )

  return (
    <div className={tab === null ? 'app-column' : 'app-column has-footer'}>
      <ProgressBar active={busy} />
      <KeepAliveOutlet leafRouteId={leafRouteId} />
      {tab === null ? null : <FooterNav items={tabs} activePath={tab} label={t.tabs.nav} onSelect={handleSelect} />}
      <OfflineBanner />
      <UpdatePrompt />
      <Toaster />
    </div>
  )
}
