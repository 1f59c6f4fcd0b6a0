import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CommunityScreen } from '../../features/community/community-screen.tsx'
import { appConfigAtom, sessionUserAtom } from '../../features/session/atoms.ts'
import { communityLists } from './-lists.ts'

export const Route = createFileRoute('/community/')({
  component: CommunityPage,
})

function CommunityPage() {
  const config = useAtomValue(appConfigAtom)
  const userId = useAtomValue(sessionUserAtom)?.id ?? null
  return (
    <CommunityScreen
      categories={config?.communityCategory ?? []}
      config={config}
      userId={userId}
      lists={communityLists}
    />
  )
}
