import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { LedgerEntry, LedgerPage, Order, OrderPage } from '../../../core/contracts/payments.ts'
import { createPagedList, pagedListFor } from '../../features/catalogue/paged-list.ts'
import { ledgerSource, ordersSource } from '../../features/payments/api.ts'
import { RecordsScreen } from '../../features/payments/records-screen.tsx'
import { sessionUserAtom } from '../../features/session/atoms.ts'

export const Route = createFileRoute('/mine/rechargeRecord')({
  component: RechargeRecordPage,
})

function RechargeRecordPage() {
  const userId = useAtomValue(sessionUserAtom)?.id ?? null
  const orders = ordersSource(userId)
  const ledger = ledgerSource(userId)
  return (
    <RecordsScreen
      orders={pagedListFor(orders.key, () => createPagedList<Order, OrderPage>(orders.key, orders.fetchPage))}
      ledger={pagedListFor(ledger.key, () => createPagedList<LedgerEntry, LedgerPage>(ledger.key, ledger.fetchPage))}
    />
  )
}
