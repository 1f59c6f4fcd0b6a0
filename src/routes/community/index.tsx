import { t } from '../../lib/messages-pages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/community/')({
  component: CommunityPage,
})

function CommunityPage() {
  return <ComingSoon title={t.pages.community} back={false} />
}
