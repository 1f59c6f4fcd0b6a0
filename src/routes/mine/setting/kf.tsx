import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useOpenAd } from '../../../features/ads/use-open-ad.ts'
import { appConfigAtom, appFlagsAtom, tokenAtom } from '../../../features/session/atoms.ts'
import { KfScreen } from '../../../features/support/contact-screens.tsx'

export const Route = createFileRoute('/mine/setting/kf')({
  component: KfPage,
})

/** Links open as an ad's do (SPEC §4): the session token only on the operator's own hosts. */
function KfPage() {
  const openLink = useOpenAd({
    token: useAtomValue(tokenAtom),
    isAppStore: useAtomValue(appFlagsAtom).isAppStore,
    config: useAtomValue(appConfigAtom),
  })
  return <KfScreen onOpenLink={(url) => openLink({ url })} />
}
