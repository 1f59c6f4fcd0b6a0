import { t } from '../../lib/messages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/lld/')({
  component: ShortsPage,
})

function ShortsPage() {
  return <ComingSoon title={t.pages.shorts} back={false} />
}
