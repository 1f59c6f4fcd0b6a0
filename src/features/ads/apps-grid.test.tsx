import { createRoute } from '@tanstack/react-router'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DomainType } from '../../../core/contracts/domain.ts'
import { renderRoutes, storeWithFakeApi } from '../../testing/app-kit.tsx'
import { testConfig } from '../../testing/config-kit.ts'
import { AppsGrid } from './apps-grid.tsx'

// Icons stay placeholders: no image requests from a unit test.
vi.mock('../../lib/image-fallback.ts', () => ({ pageImageFallback: () => ({ load: () => new Promise(() => {}) }) }))

afterEach(cleanup)

const config = testConfig({
  domain: [{ type: DomainType.Image, urls: ['https://img.example'] }],
  statConfigApp: {
    list: [{ id: 1, image: 'i/1.png', title: '首页图标', href: '/subpage/search', locIds: [1] }],
    nineList: [
      { id: 301, image: 'i/301.png', title: '积分兑换', href: '/welfare/exchange/', locIds: [] },
      { id: 302, image: 'i/302.png', title: '开通会员', href: 'read_xty_vip', locIds: [] },
      { id: 303, image: 'i/303.png', title: '无链接', locIds: [] },
    ],
  },
})

function open() {
  const { store, post } = storeWithFakeApi(async (name) => {
    if (name === 'advertise/click') return null
    throw new Error(name)
  })
  const router = renderRoutes(store, '/welfare/', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/welfare/',
      component: () => <AppsGrid config={config} token="tok-1" isAppStore={false} label="应用推荐" />,
    }),
    ...['/welfare/exchange/', '/mine/vip'].map((path) =>
      createRoute({ getParentRoute: () => root, path, component: () => <p>stub {path}</p> }),
    ),
  ])
  return { post, router }
}

describe('AppsGrid', () => {
  it('shows the nineList icons (not home’s row); a tap counts the click and opens the link in the app', async () => {
    const { post, router } = open()
    const grid = await screen.findByRole('navigation', { name: '应用推荐' })
    const links = within(grid).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['积分兑换', '/welfare/exchange/'],
      ['开通会员', '/mine/vip'],
    ])
    expect(within(grid).getByText('无链接')).toBeTruthy()
    expect(within(grid).queryByText('首页图标')).toBeNull()

    await act(async () => fireEvent.click(links[1]!))
    expect(await screen.findByText('stub /mine/vip')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/mine/vip')
    expect(post.mock.calls).toEqual([['advertise/click', { id: 302 }]])
  })
})
