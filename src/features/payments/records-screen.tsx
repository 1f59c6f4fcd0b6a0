import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom, type Atom, type WritableAtom } from 'jotai'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { OrderState, type LedgerEntry, type Order } from '../../../core/contracts/payments.ts'
import { formatDate } from '../../../core/format/date.ts'
import { formatMoney, formatPrice } from '../../../core/format/money.ts'
import { t } from '../../lib/messages-payments.ts'
import { InfiniteList, type InfiniteListState } from '../../ui/infinite-list.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { tabId, Tabs } from '../../ui/tabs.tsx'
import './payments.css'

/** A paged list the screen shows (the catalogue's createPagedList over ordersSource or ledgerSource fits it). */
export interface RecordList<T> {
  stateAtom: Atom<Omit<InfiniteListState, 'items'> & { items: readonly T[] }>
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
  reloadAtom: WritableAtom<null, [], Promise<void>>
}

export interface RecordsScreenProps {
  orders: RecordList<Order>
  ledger: RecordList<LedgerEntry>
}

const Tab = { Orders: 'orders', Ledger: 'ledger' } as const
type Tab = (typeof Tab)[keyof typeof Tab]
const TABS: readonly { value: Tab; label: string }[] = [
  { value: Tab.Orders, label: t.payments.ordersTab },
  { value: Tab.Ledger, label: t.payments.ledgerTab },
]

/** /mine/rechargeRecord: 充值记录 (recharge/history) and 钻石明细 (wallet/ledger) as tabs, each paged as it scrolls. */
export function RecordsScreen({ orders, ledger }: RecordsScreenProps) {
  const [tab, setTab] = useState<Tab>(Tab.Orders)
  const prefix = useId()
  const panelId = `${prefix}-panel`

  return (
    <main className="page">
      <PageHeader title={t.pages.rechargeRecord} />
      <Tabs<Tab>
        items={TABS}
        value={tab}
        onChange={setTab}
        label={t.payments.recordTabs}
        panelId={panelId}
        idPrefix={prefix}
        block="pay-tabs"
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(prefix, tab)}>
        {tab === Tab.Orders ? (
          <RecordPanel
            key={Tab.Orders}
            list={orders}
            empty={t.payments.noOrders}
            render={(items) => (
              <ul className="pay-records">
                {items.map((order) => (
                  <OrderRow key={order.orderId} order={order} />
                ))}
              </ul>
            )}
          />
        ) : (
          <RecordPanel
            key={Tab.Ledger}
            list={ledger}
            empty={t.payments.noLedger}
            render={(items) => (
              <ul className="pay-records">
                {items.map((entry) => (
                  <LedgerRow key={entry.id} entry={entry} />
                ))}
              </ul>
            )}
          />
        )}
      </div>
    </main>
  )
}

function RecordPanel<T>({
  list,
  empty,
  render,
}: {
  list: RecordList<T>
  empty: string
  render(items: readonly T[]): ReactNode
}) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const reload = useSetAtom(list.reloadAtom)
  // The list is kept between visits; showing it again asks again (a payment made since shows),
  // keeping the rows on screen until the answer.
  const [initialStatus] = useState(state.status)
  useEffect(() => {
    if (initialStatus === 'ready') void reload()
    else void loadFirst()
  }, [initialStatus, loadFirst, reload])

  if (state.status === 'ready' && state.items.length === 0 && !state.hasMore) {
    return (
      <div className="full-state">
        <p>{empty}</p>
        <Link to="/mine/diamondRecharge" className="button">
          {t.payments.goRecharge}
        </Link>
      </div>
    )
  }
  return (
    <InfiniteList state={state} onLoadMore={() => void loadMore()} onRetry={() => void loadFirst()}>
      {render(state.items)}
    </InfiniteList>
  )
}

function OrderRow({ order }: { order: Order }) {
  const body = (
    <>
      <span className="pay-record__main">
        <span>{order.title}</span>
        <strong>{formatPrice(order.amount)}</strong>
      </span>
      <span className="pay-record__meta">
        <span>{t.payments.orderState[order.state]}</span>
        <span>{formatDate(order.createdAt)}</span>
      </span>
    </>
  )
  return (
    <li className="pay-record">
      {order.state === OrderState.Pending ? (
        // A pending order may still be paid: its page shows how it stands.
        <Link to="/mine/recharge" search={{ orderId: order.orderId }}>
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  )
}

/** What a ledger entry was for, by its reason (core/contracts/payments.ts LedgerEntry). */
export function ledgerReasonLabel(reason: string): string {
  const labels: Record<string, string> = t.payments.ledgerReason
  if (reason === 'admin' || reason.startsWith('admin:')) return t.payments.ledgerReason.admin
  return Object.hasOwn(labels, reason) && reason !== 'other' ? labels[reason]! : t.payments.ledgerReason.other
}

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const amount = formatMoney(entry.amount)
  return (
    <li className="pay-record">
      <span className="pay-record__main">
        <span>
          {ledgerReasonLabel(entry.reason)}
          {entry.ref?.title ? ` · ${entry.ref.title}` : ''}
        </span>
        <strong className={entry.amount > 0 ? 'pay-record__credit' : undefined}>
          {entry.amount > 0 ? `+${amount}` : amount}
        </strong>
      </span>
      <span className="pay-record__meta">
        <span>{t.payments.balanceAfter(formatMoney(entry.balanceAfter))}</span>
        <span>{formatDate(entry.createdAt)}</span>
      </span>
    </li>
  )
}
