import { t } from '../../lib/messages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/subpage/search')({
  component: SearchPage,
})

function SearchPage() {
  return <ComingSoon title={t.pages.search} />
}
