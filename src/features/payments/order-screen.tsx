import { Link, useRouter } from '@tanstack/react-router'
import { useState, type MouseEvent } from 'react'
import {
  CARD_TIER_NAMES,
  ORDER_ID_PATTERN,
  OrderKind,
  OrderState,
  type Order,
} from '../../../core/contracts/payments.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { formatDate } from '../../../core/format/date.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { t } from '../../lib/messages-payments.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { ErrorState } from '../../ui/state-views.tsx'
import { VIP_LINE_OF } from './api.ts'
import { returnFor } from './return-paths.ts'
import { pageClock, useOrderStatus, type OrderView, type PollClock } from './use-order-status.ts'
import './payments.css'

export interface OrderScreenProps {
  /** `?orderId=` as the URL has it; anything but an order number says so. */
  orderId: string | undefined
  clock?: PollClock
}

/**
 * /mine/recharge?orderId=: where the checkout sends the browser back. It waits for the order to
 * settle (use-order-status.ts), then says how it ended, with the way back to where the purchase
 * started (remembered when it was submitted, return-paths.ts) or to Mine, or 重新支付.
 */
export function OrderScreen({ orderId, clock = pageClock }: OrderScreenProps) {
  const valid = orderId !== undefined && ORDER_ID_PATTERN.test(orderId)
  return (
    <main className="page">
      <PageHeader title={t.pages.recharge} />
      {valid ? (
        <OrderStatus orderId={orderId} clock={clock} />
      ) : (
        <section className="full-state">
          <div className="pay-result__status" role="alert">
            <h2 className="full-state__title">{t.payments.badOrderId}</h2>
            <p>{t.payments.badOrderIdHint}</p>
          </div>
          <div className="pay-result__actions">
            <Link to="/mine/rechargeRecord" className="button">
              {t.payments.records}
            </Link>
            <Link to="/mine/" className="button button--ghost">
              {t.payments.backToMine}
            </Link>
          </div>
        </section>
      )}
    </main>
  )
}

function OrderStatus({ orderId, clock }: { orderId: string; clock: PollClock }) {
  const { view, retry } = useOrderStatus(orderId, clock)
  const [from] = useState(() => returnFor(orderId))
  if (view.status === 'error') {
    return (
      <section className="card">
        <ErrorState message={view.message} onRetry={retry} />
      </section>
    )
  }
  return (
    <section className="full-state">
      {view.status === 'waiting' ? <progress className="pay-result__progress" aria-label={t.payments.waiting} /> : null}
      <div className="pay-result__status" role="status" aria-live="polite">
        <StatusText view={view} />
      </div>
      <p>{t.payments.orderNo(orderId)}</p>
      {view.status === 'settled' ? <Actions order={view.order} from={from} /> : null}
    </section>
  )
}

function StatusText({ view }: { view: Exclude<OrderView, { status: 'error' }> }) {
  if (view.status === 'waiting') {
    return (
      <>
        <h2 className="full-state__title">{t.payments.waiting}</h2>
        <p>{view.unstable ? t.payments.unstable : t.payments.waitingHint}</p>
      </>
    )
  }
  const { order, user } = view
  switch (order.state) {
    case OrderState.Paid:
      return (
        <>
          <h2 className="full-state__title">{t.payments.paid}</h2>
          <PaidDetails order={order} user={user} />
        </>
      )
    case OrderState.Failed:
    case OrderState.Expired:
      return (
        <>
          <h2 className="full-state__title">
            {order.state === OrderState.Failed ? t.payments.failed : t.payments.expired}
          </h2>
          <p>{order.state === OrderState.Failed ? t.payments.failedHint : t.payments.expiredHint}</p>
        </>
      )
    default:
      return <h2 className="full-state__title">{t.payments.refunded}</h2>
  }
}

function PaidDetails({ order, user }: { order: Order; user: UserInfo | null }) {
  if (order.kind === OrderKind.Diamonds) {
    return (
      <>
        <p>{t.payments.paidDiamonds(formatMoney(order.diamonds + order.bonusDiamonds))}</p>
        <p data-testid="paid-balance">
          {user ? t.payments.newBalance(formatMoney(user.balance)) : t.payments.refreshFailed}
        </p>
      </>
    )
  }
  const tier = order.tier
  const expiry = tier && user ? formatDate(user[VIP_LINE_OF[tier]].vipExpireInt) : ''
  return (
    <>
      {tier ? <p>{t.payments.paidVip(CARD_TIER_NAMES[tier])}</p> : null}
      <p data-testid="paid-expiry">{expiry ? t.payments.newExpiry(expiry) : t.payments.refreshFailed}</p>
    </>
  )
}

/** Paid: back where the purchase started, or to Mine. Failed or expired: 重新支付 on the same page, with the same way back. */
function Actions({ order, from }: { order: Order; from: string | undefined }) {
  if (order.state !== OrderState.Failed && order.state !== OrderState.Expired) {
    return (
      <div className="pay-result__actions">
        <BackLink from={from} className="button" />
      </div>
    )
  }
  return (
    <div className="pay-result__actions">
      {order.kind === OrderKind.Vip ? (
        <Link to="/mine/vip" search={{ from }} className="button">
          {t.payments.payAgain}
        </Link>
      ) : (
        <Link to="/mine/diamondRecharge" search={{ from }} className="button">
          {t.payments.payAgain}
        </Link>
      )}
      <BackLink from={from} className="button button--ghost" />
    </div>
  )
}

/** 返回视频 (or 返回 for another page) to where the purchase started; 返回我的 when that is not known. */
function BackLink({ from, className }: { from: string | undefined; className: string }) {
  const router = useRouter()
  if (from === undefined) {
    return (
      <Link to="/mine/" className={className}>
        {t.payments.backToMine}
      </Link>
    )
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    void router.navigate({ href: from })
  }
  return (
    <a href={from} className={className} onClick={handleClick}>
      {from.startsWith('/play/')
        ? t.payments.backToVideo
        : from.startsWith('/community/postDetail')
          ? t.payments.backToPost
          : t.common.back}
    </a>
  )
}
