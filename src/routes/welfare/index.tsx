import { t } from '../../lib/messages-pages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/welfare/')({
  component: WelfarePage,
})

function WelfarePage() {
  return <ComingSoon title={t.pages.welfare} back={false} />
}
