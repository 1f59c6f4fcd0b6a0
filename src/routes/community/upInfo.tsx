import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CreatorScreen } from '../../features/community/creator-screen.tsx'
import { appConfigAtom, sessionUserAtom } from '../../features/session/atoms.ts'
import { t } from '../../lib/messages-pages.ts'
import { searchWithId } from '../../lib/search.ts'
import { communityLists } from './-lists.ts'

export const Route = createFileRoute('/community/upInfo')({
  validateSearch: searchWithId,
  component: UpInfoPage,
})

function UpInfoPage() {
  // Through the validator again (https://github.com/TanStack/router/issues/1965).
  const { id } = searchWithId(Route.useSearch())
  const config = useAtomValue(appConfigAtom)
  const userId = useAtomValue(sessionUserAtom)?.id ?? null
  return (
    <CreatorScreen key={id} id={id} config={config} userId={userId} lists={communityLists} title={t.pages.upInfo} />
  )
}
