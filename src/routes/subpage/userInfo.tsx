import { t } from '../../lib/messages-pages.ts'
import { searchWithId } from '../../lib/search.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/subpage/userInfo')({
  validateSearch: searchWithId,
  component: UserInfoPage,
})

function UserInfoPage() {
  return <ComingSoon title={t.pages.userInfo} />
}
