import { t } from '../../lib/messages-pages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/community/publish')({
  component: PublishPage,
})

function PublishPage() {
  return <ComingSoon title={t.pages.publish} />
}
