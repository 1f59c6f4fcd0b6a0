import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages-payments.ts'
import { testUser } from '../../testing/session-kit.ts'
import { ledgerSource, ordersSource } from './api.ts'
import { ledgerReasonLabel, RecordsScreen } from './records-screen.tsx'
import { ledgerEntry, order, ORDER_ID, pagedRecords, renderPayments, type Post } from './testing.tsx'

// Without IntersectionObserver the list asks for its next page at once: every page loads.
beforeEach(() => vi.stubGlobal('IntersectionObserver', undefined))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const user = testUser({ id: 42 })

async function open(post: Post) {
  const lists = { orders: pagedRecords(ordersSource(user.id)), ledger: pagedRecords(ledgerSource(user.id)) }
  return renderPayments(
    '/mine/rechargeRecord',
    '/mine/rechargeRecord',
    () => <RecordsScreen orders={lists.orders} ledger={lists.ledger} />,
    post,
    user,
  )
}

const orderNo = (n: number) => `MQ2026010112000000000${n}`

describe('RecordsScreen', () => {
  it('pages through the orders, then through the ledger on its tab', async () => {
    const { post } = await open(async (name, body) => {
      if (name === 'recharge/history') {
        return body.cursor === undefined
          ? { items: [order({ orderId: orderNo(3), state: 'paid' }), order({ orderId: orderNo(2) })], nextCursor: 'o2' }
          : {
              items: [order({ orderId: orderNo(1), state: 'expired', title: '100 钻石', amount: 1000 })],
              nextCursor: null,
            }
      }
      if (name === 'wallet/ledger') {
        return body.cursor === undefined
          ? {
              items: [
                ledgerEntry(9, {
                  reason: 'video',
                  amount: -990,
                  balanceAfter: 5760,
                  ref: { type: 'video', id: 7, title: '海边' },
                }),
                ledgerEntry(8, { reason: 'recharge-bonus', amount: 500, balanceAfter: 6750 }),
              ],
              nextCursor: 'l2',
            }
          : {
              items: [ledgerEntry(7, { reason: 'admin: 补偿', amount: 100, balanceAfter: 1350, ref: null })],
              nextCursor: null,
            }
      }
      throw new Error(name)
    })
    const tabs = screen.getByRole('tablist', { name: t.payments.recordTabs })
    const ordersTab = within(tabs).getByRole('tab', { name: t.payments.ordersTab })
    expect(ordersTab.getAttribute('aria-selected')).toBe('true')
    const panel = screen.getByRole('tabpanel', { name: t.payments.ordersTab })

    expect(await within(panel).findByText('100 钻石')).toBeTruthy()
    expect(within(panel).getByText(t.common.noMore)).toBeTruthy()
    const rows = within(panel).getAllByRole('listitem')
    expect(rows).toHaveLength(3)
    expect(rows[0]!.textContent).toContain('5000 钻石')
    expect(rows[0]!.textContent).toContain('¥50.00')
    expect(rows[0]!.textContent).toContain(t.payments.orderState.paid)
    expect(rows[0]!.textContent).toContain('2026-01-01 12:00:00')
    expect(rows[2]!.textContent).toContain(t.payments.orderState.expired)
    expect(rows[2]!.textContent).toContain('¥10.00')
    // A pending order opens its page, where it may still be paid.
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe(`/mine/recharge?orderId=${orderNo(2)}`)
    expect(within(rows[1]!).getByText(t.payments.orderState.pending)).toBeTruthy()
    expect(post.mock.calls.filter(([name]) => name === 'recharge/history')).toEqual([
      ['recharge/history', {}],
      ['recharge/history', { cursor: 'o2' }],
    ])
    expect(post).not.toHaveBeenCalledWith('wallet/ledger', expect.anything())

    fireEvent.click(within(tabs).getByRole('tab', { name: t.payments.ledgerTab }))
    const ledger = screen.getByRole('tabpanel', { name: t.payments.ledgerTab })
    expect(await within(ledger).findByText(t.payments.ledgerReason.admin)).toBeTruthy()
    const entries = within(ledger).getAllByRole('listitem')
    expect(entries.map((entry) => entry.textContent)).toEqual([
      `${t.payments.ledgerReason.video} · 海边-9.90${t.payments.balanceAfter('57.60')}2026-01-01 12:00:00`,
      `${t.payments.ledgerReason['recharge-bonus']} · ${ORDER_ID}+5${t.payments.balanceAfter('67.50')}2026-01-01 12:00:00`,
      `${t.payments.ledgerReason.admin}+1${t.payments.balanceAfter('13.50')}2026-01-01 12:00:00`,
    ])
    expect(post.mock.calls.filter(([name]) => name === 'wallet/ledger')).toEqual([
      ['wallet/ledger', {}],
      ['wallet/ledger', { cursor: 'l2' }],
    ])
  })

  it('moves between the tabs with the arrow keys', async () => {
    await open(async () => ({ items: [], nextCursor: null }))
    const ordersTab = screen.getByRole('tab', { name: t.payments.ordersTab })
    fireEvent.keyDown(ordersTab, { key: 'ArrowRight' })
    const ledgerTab = screen.getByRole('tab', { name: t.payments.ledgerTab })
    expect(ledgerTab.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(ledgerTab)
    expect(ledgerTab.tabIndex).toBe(0)
    expect(ordersTab.tabIndex).toBe(-1)
    fireEvent.keyDown(ledgerTab, { key: 'Home' })
    expect(ordersTab.getAttribute('aria-selected')).toBe('true')
  })

  it('empty lists say so with the way to recharge', async () => {
    await open(async () => ({ items: [], nextCursor: null }))
    expect(await screen.findByText(t.payments.noOrders)).toBeTruthy()
    expect(screen.getByRole('link', { name: t.payments.goRecharge }).getAttribute('href')).toBe('/mine/diamondRecharge')
    fireEvent.click(screen.getByRole('tab', { name: t.payments.ledgerTab }))
    expect(await screen.findByText(t.payments.noLedger)).toBeTruthy()
  })

  it('shows a skeleton, then a failed first page’s error with a retry', async () => {
    let fail!: (error: Error) => void
    let failing = true
    await open(() => {
      if (failing) return new Promise((_, reject) => (fail = reject))
      return Promise.resolve({ items: [order()], nextCursor: null })
    })
    expect(screen.getByRole('status', { name: t.common.loading })).toBeTruthy()
    failing = false
    await act(async () => fail(new ApiError(ApiErrorKind.Network, t.http.network)))
    expect(await screen.findByText(t.http.network)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: t.common.retry }))
    await waitFor(() => expect(screen.getByText('5000 钻石')).toBeTruthy())
  })
})

describe('ledgerReasonLabel', () => {
  it.each([
    ['video', '购买视频'],
    ['collection', '购买合集'],
    ['recharge', '钻石充值'],
    ['recharge-bonus', '充值赠送'],
    ['refund', '退款'],
    ['admin: 补偿', '系统调整'],
    ['admin', '系统调整'],
    ['something-new', '其他'],
    ['toString', '其他'],
  ])('%s → %s', (reason, label) => {
    expect(ledgerReasonLabel(reason)).toBe(label)
  })
})
