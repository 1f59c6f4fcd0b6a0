import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CreatorScreen } from '../../features/community/creator-screen.tsx'
import { appConfigAtom, sessionUserAtom } from '../../features/session/atoms.ts'
import { t } from '../../lib/messages-pages.ts'
import { searchWithId } from '../../lib/search.ts'
import { communityLists } from '../community/-lists.ts'

export const Route = createFileRoute('/subpage/userInfo')({
  validateSearch: searchWithId,
  component: UserInfoPage,
})

/** The same creator page as /community/upInfo, under the deep links' path (read_xty_user_center). */
function UserInfoPage() {
  // Through the validator again (https://github.com/TanStack/router/issues/1965).
  const { id } = searchWithId(Route.useSearch())
  const config = useAtomValue(appConfigAtom)
  const userId = useAtomValue(sessionUserAtom)?.id ?? null
  return (
    <CreatorScreen key={id} id={id} config={config} userId={userId} lists={communityLists} title={t.pages.userInfo} />
  )
}
