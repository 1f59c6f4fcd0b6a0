import { createFileRoute } from '@tanstack/react-router'
import { DiamondRechargeScreen } from '../../features/payments/diamond-recharge-screen.tsx'
import { returnSearch } from '../../lib/search.ts'

export const Route = createFileRoute('/mine/diamondRecharge')({
  validateSearch: returnSearch,
  component: DiamondRechargePage,
})

function DiamondRechargePage() {
  // Through the validator again: the router spreads the validated search over the raw query
  // (https://github.com/TanStack/router/issues/1965).
  const { from } = returnSearch(Route.useSearch())
  return <DiamondRechargeScreen from={from} />
}
