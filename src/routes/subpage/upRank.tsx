import { t } from '../../lib/messages-pages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/subpage/upRank')({
  component: UpRankPage,
})

function UpRankPage() {
  return <ComingSoon title={t.pages.upRank} />
}
