import { createFileRoute } from '@tanstack/react-router'
import { VipScreen } from '../../features/payments/vip-screen.tsx'
import { returnSearch } from '../../lib/search.ts'

export const Route = createFileRoute('/mine/vip')({
  validateSearch: returnSearch,
  component: VipPage,
})

function VipPage() {
  // Through the validator again: the router spreads the validated search over the raw query
  // (https://github.com/TanStack/router/issues/1965).
  const { from } = returnSearch(Route.useSearch())
  return <VipScreen from={from} />
}
