import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup } from '@testing-library/react'
import { FooterNav, type FooterNavItem } from './footer-nav.tsx'

afterEach(cleanup)

const items: FooterNavItem[] = [
  { path: '/', label: '首页', icon: <i>home</i>, activeIcon: <i>home-active</i> },
  { path: '/mine/', label: '我的', icon: <i>mine</i>, activeIcon: <i>mine-active</i> },
]

describe('FooterNav', () => {
  it('marks the active tab and shows its active icon', () => {
    render(<FooterNav items={items} activePath="/mine/" label="主导航" onSelect={() => {}} />)
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy()
    const mine = screen.getByRole('link', { name: /我的/ })
    expect(mine.getAttribute('aria-current')).toBe('page')
    expect(mine.textContent).toContain('mine-active')
    const home = screen.getByRole('link', { name: /首页/ })
    expect(home.getAttribute('aria-current')).toBeNull()
    expect(home.textContent).toContain('home')
    expect(home.textContent).not.toContain('home-active')
  })

  it("shows a tab's badge and says its count in the tab's name", () => {
    const withBadge = [items[0]!, { ...items[1]!, badge: 120, badgeLabel: '120条未读消息' }]
    const { rerender } = render(<FooterNav items={withBadge} activePath="/" label="nav" onSelect={() => {}} />)
    const mine = screen.getByRole('link', { name: '我的 120条未读消息' })
    expect(mine.querySelector('.count-badge')?.textContent).toBe('99+')
    rerender(
      <FooterNav
        items={[items[0]!, { ...items[1]!, badge: 0, badgeLabel: '0条未读消息' }]}
        activePath="/"
        label="nav"
        onSelect={() => {}}
      />,
    )
    expect(screen.getByRole('link', { name: '我的' }).querySelector('.count-badge')).toBeNull()
  })

  it('debounces taps by 200 ms', () => {
    let time = 1000
    const scheduled: Array<() => void> = []
    const timers = {
      now: () => time,
      setTimeout: (fn: () => void) => scheduled.push(fn),
      clearTimeout: () => void scheduled.splice(0),
    }
    const onSelect = vi.fn()
    render(<FooterNav items={items} activePath="/" label="nav" onSelect={onSelect} timers={timers} />)
    const mine = screen.getByRole('link', { name: /我的/ })
    fireEvent.click(mine)
    time += 50
    fireEvent.click(mine)
    expect(onSelect.mock.calls).toEqual([['/mine/']])
    // The held double tap does not act again.
    scheduled.splice(0).forEach((fn) => fn())
    expect(onSelect.mock.calls).toEqual([['/mine/']])
    time += 300
    fireEvent.click(screen.getByRole('link', { name: /首页/ }))
    expect(onSelect.mock.calls).toEqual([['/mine/'], ['/']])
  })
})
