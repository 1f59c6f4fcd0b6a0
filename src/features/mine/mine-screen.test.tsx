import { createRoute } from '@tanstack/react-router'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { t } from '../../lib/messages-pages.ts'
import { renderRoutes, storeWithFakeApi } from '../../testing/app-kit.tsx'
import { testUser, withSession } from '../../testing/session-kit.ts'
import { setUnreadTotalAtom } from '../messages/public.ts'
import { MineScreen } from './mine-screen.tsx'

afterEach(cleanup)

describe('MineScreen', () => {
  it('shows the balance and VIP label, with entries to 开通会员, 钻石充值 and 充值记录', async () => {
    const user = testUser({
      balance: 6750,
      normalVip: { vipType: 1, vipExpireInt: 1_769_918_400, vipExpire: '2026-02-01 12:00:00' },
    })
    const { store } = storeWithFakeApi(async () => ({ ...user, token: 'tok-1' }))
    await withSession(store, user)
    renderRoutes(store, '/mine/', (root) => [
      createRoute({ getParentRoute: () => root, path: '/mine/', component: () => <MineScreen /> }),
    ])
    expect(await screen.findByText('钻石余额：67.50')).toBeTruthy()
    expect(screen.getByText('VIP')).toBeTruthy()
    const menu = screen.getByRole('navigation', { name: t.mine.title })
    const href = (name: string) => within(menu).getByRole('link', { name }).getAttribute('href')
    expect(href(t.pages.vip)).toBe('/mine/vip')
    expect(t.pages.vip).toBe('开通会员')
    expect(href(t.pages.diamondRecharge)).toBe('/mine/diamondRecharge')
    expect(href(t.pages.rechargeRecord)).toBe('/mine/rechargeRecord')
    expect(href(t.pages.myPost)).toBe('/mine/myPost')
    expect(href(t.pages.myFollow)).toBe('/mine/myFollow')
  })

  it("shows the unread messages' count on 消息, in its name for screen readers", async () => {
    const user = testUser()
    const { store } = storeWithFakeApi(async () => ({ ...user, token: 'tok-1' }))
    await withSession(store, user)
    store.set(setUnreadTotalAtom, 3)
    renderRoutes(store, '/mine/', (root) => [
      createRoute({ getParentRoute: () => root, path: '/mine/', component: () => <MineScreen /> }),
    ])
    const menu = await screen.findByRole('navigation', { name: t.mine.title })
    const entry = within(menu).getByRole('link', { name: `${t.pages.message} ${t.tabs.unread(3)}` })
    expect(entry.getAttribute('href')).toBe('/mine/message')
    expect(within(menu).getByRole('link', { name: t.pages.invitation }).getAttribute('href')).toBe('/mine/invitation')
  })
})
