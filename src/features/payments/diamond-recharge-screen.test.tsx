import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages-payments.ts'
import { testUser } from '../../testing/session-kit.ts'
import { DiamondRechargeScreen } from './diamond-recharge-screen.tsx'
import { returnFor } from './return-paths.ts'
import { ORDER_ID, payTypeInfo, Refusal, renderPayments, type Post } from './testing.tsx'

beforeEach(() => sessionStorage.clear())
afterEach(cleanup)

function open(post: Post, { from }: { from?: string } = {}) {
  const go = vi.fn()
  const kit = renderPayments(
    '/mine/diamondRecharge',
    '/mine/diamondRecharge',
    () => <DiamondRechargeScreen from={from} go={go} />,
    post,
    testUser({ balance: 1250 }),
  )
  return kit.then((rest) => ({ ...rest, go }))
}

const checkout = { orderId: ORDER_ID, payUrl: '/sandbox/pay/ck-1' }

describe('DiamondRechargeScreen', () => {
  it('shows a skeleton, then the balance, the packages (diamonds, 赠送, ¥) and the pay types', async () => {
    let answer!: (info: unknown) => void
    await open(() => new Promise((resolve) => (answer = resolve)))
    expect(screen.getByRole('status', { name: t.common.loading })).toBeTruthy()
    await act(async () => answer(payTypeInfo()))
    expect((await screen.findByTestId('pay-balance')).textContent).toBe('12.50钻石')
    const packages = screen.getByRole('group', { name: t.payments.packages })
    const radios = within(packages).getAllByRole('radio')
    expect(radios).toHaveLength(3)
    expect((radios[0] as HTMLInputElement).checked).toBe(true)
    const second = radios[1]!.closest('label')!
    expect(second.textContent).toContain('50钻石')
    expect(second.textContent).toContain('赠送5钻石')
    expect(second.textContent).toContain('¥50.00')
    // No bonus, no 赠送.
    expect(radios[0]!.closest('label')!.textContent).not.toContain('赠送')
    const payTypes = screen.getByRole('group', { name: t.payments.payType })
    expect(within(payTypes).getByRole('radio', { name: '支付宝' })).toHaveProperty('checked', true)
    expect(within(payTypes).getByRole('radio', { name: '微信支付' })).toHaveProperty('checked', false)
  })

  it('立即支付 sends only the ids, remembers the way back and goes to the checkout', async () => {
    const { post, go } = await open(
      async (name) => {
        if (name === 'gold/paytypeinfo') return payTypeInfo()
        if (name === 'recharge/submit') return checkout
        throw new Error(name)
      },
      { from: '/play/longVideo?id=5' },
    )
    fireEvent.click(await screen.findByRole('radio', { name: /100钻石/ }))
    fireEvent.click(screen.getByRole('radio', { name: '微信支付' }))
    fireEvent.click(screen.getByRole('button', { name: t.payments.payNow }))
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(`${location.origin}/sandbox/pay/ck-1`))
    expect(post).toHaveBeenCalledWith('recharge/submit', { kind: 'diamonds', itemId: 3, payType: 'wechat' })
    expect(returnFor(ORDER_ID)).toBe('/play/longVideo?id=5')
    // On its way: no second order.
    const button = screen.getByRole('button', { name: t.payments.submitting })
    expect(button.hasAttribute('disabled')).toBe(true)
  })

  it('a refused order says why and can be sent again; nothing is remembered, nowhere to go', async () => {
    let refuse = true
    const { go, post } = await open(async (name) => {
      if (name === 'gold/paytypeinfo') return payTypeInfo()
      if (refuse) return new Refusal(7004, '商品已下架')
      return checkout
    })
    fireEvent.click(await screen.findByRole('button', { name: t.payments.payNow }))
    // The failure shows in the announced line above the button.
    expect((await screen.findByText('商品已下架')).getAttribute('role')).toBe('alert')
    expect(go).not.toHaveBeenCalled()
    expect(returnFor(ORDER_ID)).toBeUndefined()
    refuse = false
    fireEvent.click(screen.getByRole('button', { name: t.payments.payNow }))
    await vi.waitFor(() => expect(go).toHaveBeenCalledTimes(1))
    expect(post).toHaveBeenLastCalledWith('recharge/submit', { kind: 'diamonds', itemId: 1, payType: 'alipay' })
    // Started from Mine's menu: no way back to remember.
    expect(returnFor(ORDER_ID)).toBeUndefined()
  })

  it('does not follow a checkout address that is not a web page', async () => {
    const { go } = await open(async (name) =>
      name === 'gold/paytypeinfo' ? payTypeInfo() : { orderId: ORDER_ID, payUrl: 'javascript:alert(1)' },
    )
    fireEvent.click(await screen.findByRole('button', { name: t.payments.payNow }))
    expect((await screen.findByText(t.payments.badPayUrl)).getAttribute('role')).toBe('alert')
    expect(go).not.toHaveBeenCalled()
  })

  it('a failed load shows the error with a retry that asks again', async () => {
    let fail = true
    const { post } = await open(async () => {
      if (fail) throw new ApiError(ApiErrorKind.Network, t.http.network)
      return payTypeInfo()
    })
    expect(await screen.findByText(t.http.network)).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: t.common.retry }))
    expect(await screen.findByTestId('pay-balance')).toBeTruthy()
    expect(post).toHaveBeenCalledTimes(2)
  })

  it('with no packages or pay types says so and offers nothing to pay', async () => {
    await open(async () => payTypeInfo({ packages: [], payTypes: [] }))
    expect(await screen.findByText(t.payments.noPackages)).toBeTruthy()
    expect(screen.getByText(t.payments.noPayTypes)).toBeTruthy()
    expect(screen.getByRole('button', { name: t.payments.payNow }).hasAttribute('disabled')).toBe(true)
  })
})
