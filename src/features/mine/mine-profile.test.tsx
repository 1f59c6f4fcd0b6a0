import { createRoute } from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { ApiError, ApiErrorKind, type Api } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import { createAppStore, provideApi } from '../../lib/store.ts'
import { t as tAccount } from '../../lib/messages-account.ts'
import { renderRoutes, storeWithFakeApi } from '../../testing/app-kit.tsx'
import { testUser, withSession } from '../../testing/session-kit.ts'
import { LoginOrRegister } from '../account/public.ts'
import { MineProfile } from './mine-profile.tsx'

afterEach(cleanup)

const user = testUser

function renderWith(call: Api['call']) {
  const store = createAppStore()
  provideApi(store, { call, clockOffsetSeconds: 0 } as unknown as Api)
  render(
    <Provider store={store}>
      <MineProfile />
    </Provider>,
  )
}

describe('MineProfile', () => {
  it('shows the id, the SVIP label and the supreme expiry first', async () => {
    renderWith(
      vi.fn(async () =>
        user({
          normalVip: { vipType: 1, vipExpireInt: 1, vipExpire: '2026-01-01 00:00:00' },
          supremeVip: { vipType: 2, vipExpireInt: 2, vipExpire: '2027-06-01 12:00:00' },
        }),
      ) as unknown as Api['call'],
    )
    expect(await screen.findByText(`${t.mine.userId}: 10086`)).toBeTruthy()
    expect(screen.getByText('SVIP')).toBeTruthy()
    expect(screen.getByText(t.mine.expiresAt('2027-06-01 12:00:00'))).toBeTruthy()
  })

  it('shows no label for a user without membership', async () => {
    renderWith(vi.fn(async () => user({})) as unknown as Api['call'])
    expect(await screen.findByText(t.mine.vipNone)).toBeTruthy()
    expect(screen.queryByText('VIP')).toBeNull()
  })

  it('shows a skeleton, then the error with a retry that loads again', async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(ApiErrorKind.Network, t.http.network))
      .mockResolvedValueOnce(user({ darkVip: { vipType: 1, vipExpireInt: 5, vipExpire: '2026-12-31 23:59:59' } }))
    renderWith(post as unknown as Api['call'])
    expect(screen.getByRole('status', { name: t.common.loading })).toBeTruthy()
    expect(await screen.findByText(t.http.network)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: t.common.retry }))
    expect(await screen.findByText('VIP')).toBeTruthy()
    expect(post).toHaveBeenCalledTimes(2)
  })
})

describe('MineProfile with a session', () => {
  const post = (answer: UserInfo) => async () => answer

  it('shows a guest the way to log in or register', async () => {
    const { store } = storeWithFakeApi(post(user({})))
    await withSession(store, user({}))
    renderRoutes(store, '/mine/', (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/mine/',
        component: () => <MineProfile guestEntry={<LoginOrRegister />} />,
      }),
    ])
    const entry = await screen.findByRole('link', { name: tAccount.account.loginOrRegister })
    expect(entry.getAttribute('href')).toBe('/mine/login')
    expect(screen.queryByText(tAccount.account.unbound)).toBeNull()
  })

  it('shows an account its name, bound number and balance at once, then the answer of user/info', async () => {
    const member = user({ isGuest: false, nickname: '小明', account: 'xiaoming', mobile: '13800138000', balance: 1250 })
    let answer: (info: UserInfo) => void = () => {}
    const { store } = storeWithFakeApi(() => new Promise((resolve) => (answer = resolve)))
    await withSession(store, member)
    renderRoutes(store, '/mine/', (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/mine/',
        component: () => <MineProfile guestEntry={<LoginOrRegister />} />,
      }),
    ])
    expect(await screen.findByText('小明')).toBeTruthy()
    expect(screen.getByText(tAccount.account.bound('138****8000'))).toBeTruthy()
    expect(screen.getByText(tAccount.account.balance('12.50'))).toBeTruthy()
    expect(screen.queryByRole('link', { name: tAccount.account.loginOrRegister })).toBeNull()
    answer({ ...member, balance: 300, mobile: '', token: 'tok-1' } as UserInfo)
    expect(await screen.findByText(tAccount.account.balance('3'))).toBeTruthy()
    expect(screen.getByText(tAccount.account.unbound)).toBeTruthy()
  })
})
