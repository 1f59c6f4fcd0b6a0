import { t } from '../../lib/messages.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/mine/myCollect')({
  component: MyCollectPage,
})

function MyCollectPage() {
  return <ComingSoon title={t.pages.myCollect} />
}
