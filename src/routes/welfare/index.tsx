import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { AppsGrid } from '../../features/ads/apps-grid.tsx'
import { refreshSessionUserAtom } from '../../features/payments/api.ts'
import { appConfigAtom, appFlagsAtom, sessionUserAtom, tokenAtom } from '../../features/session/atoms.ts'
import { WelfareScreen } from '../../features/welfare/welfare-screen.tsx'
import { t } from '../../lib/messages-welfare.ts'

export const Route = createFileRoute('/welfare/')({
  component: WelfarePage,
})

function WelfarePage() {
  const config = useAtomValue(appConfigAtom)
  const token = useAtomValue(tokenAtom)
  const { isAppStore } = useAtomValue(appFlagsAtom)
  const userId = useAtomValue(sessionUserAtom)?.id ?? null
  const refreshUser = useSetAtom(refreshSessionUserAtom)
  return (
    <WelfareScreen
      userId={userId}
      apps={<AppsGrid config={config} token={token} isAppStore={isAppStore} label={t.welfare.apps} />}
      onUserChanged={() => void refreshUser().catch(() => {})}
    />
  )
}
