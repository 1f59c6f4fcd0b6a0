import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useOpenAd } from '../../features/ads/use-open-ad.ts'
import { MessagesScreen } from '../../features/messages/messages-screen.tsx'
import { appConfigAtom, appFlagsAtom, tokenAtom } from '../../features/session/atoms.ts'
import { freshList } from './-fresh-list.ts'

export const Route = createFileRoute('/mine/message')({
  component: MessagePage,
})

function MessagePage() {
  // A message's link opens as an ad's target does (SPEC §4's rules); it has no ad id, so no click is counted.
  const openLink = useOpenAd({
    token: useAtomValue(tokenAtom),
    isAppStore: useAtomValue(appFlagsAtom).isAppStore,
    config: useAtomValue(appConfigAtom),
  })
  return <MessagesScreen onOpenLink={(link) => openLink({ link })} makeList={freshList} />
}
