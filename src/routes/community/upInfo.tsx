import { t } from '../../lib/messages-pages.ts'
import { searchWithId } from '../../lib/search.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/community/upInfo')({
  validateSearch: searchWithId,
  component: UpInfoPage,
})

function UpInfoPage() {
  return <ComingSoon title={t.pages.upInfo} />
}
