import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages-payments.ts'
import { testUser } from '../../testing/session-kit.ts'
import { sessionUserAtom } from '../session/public.ts'
import { returnFor } from './return-paths.ts'
import { cardList, ORDER_ID, renderPayments, type Post } from './testing.tsx'
import { VipScreen } from './vip-screen.tsx'

beforeEach(() => sessionStorage.clear())
afterEach(cleanup)

/** 2026-01-01 12:00 in Shanghai, as Unix seconds. */
const NOW = 1_767_240_000
const line = (vipExpireInt: number) => ({ vipType: 1, vipExpireInt, vipExpire: '' })

function open(post: Post, user: UserInfo, { from }: { from?: string } = {}) {
  const go = vi.fn()
  return renderPayments(
    '/mine/vip',
    '/mine/vip',
    () => <VipScreen from={from} go={go} now={() => NOW} />,
    post,
    user,
  ).then((kit) => ({ ...kit, go }))
}

const member = testUser({
  // Supreme active, dark lapsed a day ago (its type kept), normal never bought.
  supremeVip: line(NOW + 30 * 86_400),
  darkVip: line(NOW - 86_400),
})

describe('VipScreen', () => {
  it('shows the tiers supreme, dark, normal with the expiry or 未开通, then each tier’s benefits and cards', async () => {
    await open(async (name) => (name === 'user/info' ? { ...member, token: 'tok-1' } : cardList()), member)
    const tiers = screen.getByRole('region', { name: t.payments.myTiers })
    expect(
      within(tiers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '至尊会员2026-01-31 12:00:00 到期',
      `暗夜会员${t.payments.tierInactive}`,
      `VIP会员${t.payments.tierInactive}`,
    ])

    const cards = await screen.findByRole('group', { name: t.payments.cards })
    // Grouped by tier, in the same order, each group named by its tier.
    const groups = within(cards).getAllByRole('group')
    expect(groups.map((group) => within(group).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '至尊会员',
      '暗夜会员',
      'VIP会员',
    ])
    expect(within(cards).getByRole('group', { name: 'VIP会员' })).toBe(groups[2])
    const normal = groups[2]!
    expect(
      within(within(normal).getByRole('list', { name: t.payments.benefits }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['VIP视频免费看', '去广告'])
    const month = within(normal).getByRole('radio', { name: 'VIP会员 30天' })
    const price = month.closest('label')!
    expect(price.textContent).toContain('¥30.00')
    expect(price.querySelector('s')!.textContent).toBe(`${t.payments.originalPrice}¥45.00`)
    // No discount, nothing struck through.
    expect(
      within(groups[1]!).getByRole('radio', { name: '暗夜会员 30天' }).closest('label')!.querySelector('s'),
    ).toBeNull()
    // The first card of the first tier is chosen.
    expect(within(groups[0]!).getByRole('radio', { name: '至尊会员 30天' })).toHaveProperty('checked', true)
  })

  it('asks user/info afresh, so a membership bought elsewhere shows', async () => {
    const renewed = { ...member, normalVip: line(NOW + 86_400) }
    const { store } = await open(
      async (name) => (name === 'user/info' ? { ...renewed, token: 'tok-1' } : cardList()),
      member,
    )
    await vi.waitFor(() => expect(store.get(sessionUserAtom)?.normalVip.vipExpireInt).toBe(NOW + 86_400))
    expect(await screen.findByText('2026-01-02 12:00:00 到期')).toBeTruthy()
  })

  it('立即开通 sends only the card and pay type, remembers the way back and goes to the checkout', async () => {
    const { post, go } = await open(
      async (name) => {
        if (name === 'user/info') return { ...member, token: 'tok-1' }
        if (name === 'card/list') return cardList()
        return { orderId: ORDER_ID, payUrl: 'https://pay.example/checkout/1' }
      },
      member,
      { from: '/play/longVideo?id=9' },
    )
    fireEvent.click(await screen.findByRole('radio', { name: 'VIP会员 365天' }))
    fireEvent.click(screen.getByRole('button', { name: t.payments.openNow }))
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/checkout/1'))
    expect(post).toHaveBeenCalledWith('recharge/submit', { kind: 'vip', itemId: 12, payType: 'alipay' })
    expect(returnFor(ORDER_ID)).toBe('/play/longVideo?id=9')
  })

  it('shows a skeleton, then an error with a retry; no cards says so', async () => {
    let answer!: (value: unknown) => void
    let calls = 0
    await open(async (name) => {
      if (name === 'user/info') return { ...member, token: 'tok-1' }
      calls += 1
      if (calls === 1) throw new ApiError(ApiErrorKind.Timeout, t.http.timeout)
      return new Promise((resolve) => (answer = resolve))
    }, member)
    expect(await screen.findByText(t.http.timeout)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: t.common.retry }))
    expect(await screen.findByRole('status', { name: t.common.loading })).toBeTruthy()
    await act(async () => answer(cardList({ cards: [] })))
    expect(await screen.findByText(t.payments.noCards)).toBeTruthy()
    expect(screen.getByRole('button', { name: t.payments.openNow }).hasAttribute('disabled')).toBe(true)
  })
})
