import { t } from '../../lib/messages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/mine/myHistory')({
  component: MyHistoryPage,
})

function MyHistoryPage() {
  return <ComingSoon title={t.pages.myHistory} />
}
