import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Order } from '../../../core/contracts/payments.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages-payments.ts'
import { testUser } from '../../testing/session-kit.ts'
import { sessionUserAtom } from '../session/public.ts'
import { OrderScreen } from './order-screen.tsx'
import { rememberReturn } from './return-paths.ts'
import {
  manualClock,
  order,
  ORDER_ID,
  Refusal,
  renderPayments,
  resetPageVisibility,
  setPageHidden,
  type Post,
} from './testing.tsx'
import { POLL_FAST_FOR_MS, POLL_FAST_MS, POLL_SLOW_MS, pollDelay } from './use-order-status.ts'

beforeEach(() => sessionStorage.clear())
afterEach(() => {
  cleanup()
  resetPageVisibility()
})

const before = testUser({ balance: 1250 })

/** The order page for `orderId`, its status answered from `states` in turn (the last one repeats). */
async function open(
  states: (Order | Error | Refusal)[],
  { orderId = ORDER_ID, user = before, after = before }: { orderId?: string; user?: UserInfo; after?: UserInfo } = {},
) {
  const clock = manualClock()
  let asked = 0
  const post: Post = async (name) => {
    if (name === 'user/info') return { ...after, token: 'tok-1' }
    const answer = states[Math.min(asked++, states.length - 1)]!
    if (answer instanceof Error) throw answer
    return answer
  }
  const kit = await renderPayments(
    `/mine/recharge?orderId=${orderId}`,
    '/mine/recharge',
    () => <OrderScreen orderId={orderId} clock={clock} />,
    post,
    user,
  )
  const statusCalls = () => kit.post.mock.calls.filter(([name]) => name === 'recharge/status').length
  return { ...kit, clock, statusCalls }
}

describe('OrderScreen', () => {
  it('waits with progress until paid, refreshes the user, then offers 返回视频 back where the purchase started', async () => {
    rememberReturn(ORDER_ID, '/play/longVideo?id=5')
    const paid = order({ state: 'paid', paidAt: 1_767_240_100 })
    const { post, clock, store, router, statusCalls } = await open([order(), order(), paid], {
      after: testUser({ balance: 6750 }),
    })
    expect((await screen.findByRole('status')).textContent).toContain(t.payments.waiting)
    expect(post).toHaveBeenCalledWith('recharge/status', { orderId: ORDER_ID })
    await waitFor(() => expect(statusCalls()).toBe(1))
    await clock.advance(POLL_FAST_MS)
    expect(statusCalls()).toBe(2)
    expect(screen.getByRole('status').textContent).toContain(t.payments.waiting)
    expect(post).not.toHaveBeenCalledWith('user/info', {})
    await clock.advance(POLL_FAST_MS)
    expect(statusCalls()).toBe(3)

    const status = await screen.findByText(t.payments.paid)
    expect(status.closest('[role="status"]')).toBeTruthy()
    expect(post).toHaveBeenCalledWith('user/info', {})
    expect(store.get(sessionUserAtom)?.balance).toBe(6750)
    expect(screen.getByText(t.payments.paidDiamonds('55'))).toBeTruthy()
    expect(screen.getByTestId('paid-balance').textContent).toBe(t.payments.newBalance('67.50'))
    // Settled: no more questions.
    expect(clock.pending()).toBe(0)
    await clock.advance(POLL_SLOW_MS)
    expect(statusCalls()).toBe(3)

    const back = screen.getByRole('link', { name: t.payments.backToVideo })
    expect(back.getAttribute('href')).toBe('/play/longVideo?id=5')
    fireEvent.click(back)
    await waitFor(() => expect(router.state.location.href).toBe('/play/longVideo?id=5'))
  })

  it('a paid membership shows the tier’s new expiry; without a way back it offers 返回我的', async () => {
    const member = testUser({ supremeVip: { vipType: 1, vipExpireInt: 1_769_918_400, vipExpire: '' } })
    const paid = order({
      kind: 'vip',
      itemId: 21,
      tier: 'supreme',
      days: 30,
      diamonds: 0,
      bonusDiamonds: 0,
      state: 'paid',
    })
    const { store } = await open([paid], { after: member })
    expect(await screen.findByText(t.payments.paid)).toBeTruthy()
    expect(screen.getByText(t.payments.paidVip('至尊会员'))).toBeTruthy()
    expect(screen.getByTestId('paid-expiry').textContent).toBe(t.payments.newExpiry('2026-02-01 12:00:00'))
    expect(store.get(sessionUserAtom)?.supremeVip.vipExpireInt).toBe(1_769_918_400)
    expect(screen.getByRole('link', { name: t.payments.backToMine }).getAttribute('href')).toMatch(/^\/mine\/?$/)
  })

  it('paid while the user info cannot be asked: still 支付成功, saying the balance comes later', async () => {
    const clock = manualClock()
    await renderPayments(
      `/mine/recharge?orderId=${ORDER_ID}`,
      '/mine/recharge',
      () => <OrderScreen orderId={ORDER_ID} clock={clock} />,
      async (name) => {
        if (name === 'user/info') throw new ApiError(ApiErrorKind.Network, t.http.network)
        return order({ state: 'paid' })
      },
      before,
    )
    expect(await screen.findByText(t.payments.paid)).toBeTruthy()
    expect(screen.getByTestId('paid-balance').textContent).toBe(t.payments.refreshFailed)
  })

  it('failed: 支付失败 with 重新支付 back to the packages, keeping the way back', async () => {
    rememberReturn(ORDER_ID, '/play/longVideo?id=5')
    await open([order({ state: 'failed' })])
    expect(await screen.findByText(t.payments.failed)).toBeTruthy()
    expect(screen.getByRole('link', { name: t.payments.payAgain }).getAttribute('href')).toBe(
      '/mine/diamondRecharge?from=%2Fplay%2FlongVideo%3Fid%3D5',
    )
    expect(screen.getByRole('link', { name: t.payments.backToVideo })).toBeTruthy()
  })

  it('expired membership order: 订单已过期 with 重新支付 to the cards', async () => {
    const { router } = await open([order({ kind: 'vip', tier: 'normal', state: 'expired' })])
    expect(await screen.findByText(t.payments.expired)).toBeTruthy()
    const again = screen.getByRole('link', { name: t.payments.payAgain })
    expect(again.getAttribute('href')).toBe('/mine/vip')
    fireEvent.click(again)
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/vip'))
  })

  it('asks every 1.5 s for a minute, then every 5 s', async () => {
    expect(pollDelay(0)).toBe(POLL_FAST_MS)
    expect(pollDelay(POLL_FAST_FOR_MS - 1)).toBe(POLL_FAST_MS)
    expect(pollDelay(POLL_FAST_FOR_MS)).toBe(POLL_SLOW_MS)
    const { clock, statusCalls } = await open([order()])
    await waitFor(() => expect(statusCalls()).toBe(1))
    for (let i = 0; i < 45; i++) await clock.advance(POLL_FAST_MS)
    expect(clock.delays.slice(0, 40).every((ms) => ms === POLL_FAST_MS)).toBe(true)
    expect(clock.delays.at(-1)).toBe(POLL_SLOW_MS)
  })

  it('stops asking while the page is hidden and asks at once when it shows again', async () => {
    const { clock, statusCalls } = await open([order(), order(), order({ state: 'paid' })])
    await waitFor(() => expect(statusCalls()).toBe(1))
    setPageHidden(true)
    expect(clock.pending()).toBe(0)
    await clock.advance(POLL_SLOW_MS * 4)
    expect(statusCalls()).toBe(1)
    setPageHidden(false)
    await waitFor(() => expect(statusCalls()).toBe(2))
    await clock.advance(POLL_FAST_MS)
    expect(await screen.findByText(t.payments.paid)).toBeTruthy()
  })

  it('goes on asking through a network failure, saying so; a refusal stops with a retry', async () => {
    const { clock, statusCalls } = await open([
      new ApiError(ApiErrorKind.Network, t.http.network),
      new Refusal(7004, '订单不存在'),
      order({ state: 'paid' }),
    ])
    expect(await screen.findByText(t.payments.unstable)).toBeTruthy()
    await clock.advance(POLL_FAST_MS)
    expect((await screen.findByRole('alert')).textContent).toContain('订单不存在')
    await clock.advance(POLL_SLOW_MS)
    expect(statusCalls()).toBe(2)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.common.retry })))
    expect(await screen.findByText(t.payments.paid)).toBeTruthy()
  })

  it.each([undefined, 'abc', 'MQ123'])(
    'a missing or malformed order number (%s) says so and asks nothing',
    async (orderId) => {
      const clock = manualClock()
      const { post } = await renderPayments(
        '/mine/recharge',
        '/mine/recharge',
        () => <OrderScreen orderId={orderId} clock={clock} />,
        async () => order(),
        before,
      )
      expect(screen.getByRole('alert').textContent).toContain(t.payments.badOrderId)
      expect(screen.getByRole('link', { name: t.payments.records }).getAttribute('href')).toBe('/mine/rechargeRecord')
      expect(post).not.toHaveBeenCalled()
    },
  )
})
