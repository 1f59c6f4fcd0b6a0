import { t } from '../../lib/messages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/mine/myBought')({
  component: MyBoughtPage,
})

function MyBoughtPage() {
  return <ComingSoon title={t.pages.myBought} />
}
