import { createFileRoute } from '@tanstack/react-router'
import { OrderScreen } from '../../features/payments/order-screen.tsx'
import { orderIdSearch } from '../../lib/search.ts'

export const Route = createFileRoute('/mine/recharge')({
  validateSearch: orderIdSearch,
  component: RechargePage,
})

function RechargePage() {
  const { orderId } = orderIdSearch(Route.useSearch())
  // Another order is another wait.
  return <OrderScreen key={orderId} orderId={orderId} />
}
