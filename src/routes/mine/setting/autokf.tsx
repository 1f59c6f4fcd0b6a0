import { t } from '../../../lib/messages-pages.ts'
import { ComingSoon } from '../../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/mine/setting/autokf')({
  component: AutokfPage,
})

function AutokfPage() {
  return <ComingSoon title={t.pages.autokf} />
}
