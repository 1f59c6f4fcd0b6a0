import { t } from '../../../lib/messages-pages.ts'
import { ComingSoon } from '../../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/welfare/exchange/')({
  component: ExchangePage,
})

function ExchangePage() {
  return <ComingSoon title={t.pages.exchange} />
}
