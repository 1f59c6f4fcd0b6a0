import { t } from '../../lib/messages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/subpage/labelPage')({
  component: LabelPagePage,
})

function LabelPagePage() {
  return <ComingSoon title={t.pages.labelPage} />
}
