import { useMemo, type ReactNode } from 'react'
import { debounceTaps, type TapTimers } from '../lib/throttle.ts'
import { CountBadge } from './count-badge.tsx'

export interface FooterNavItem {
  path: string
  label: string
  icon: ReactNode
  activeIcon: ReactNode
  /** A count shown over the icon (unread messages); `badgeLabel` says it after the name to screen readers. */
  badge?: number
  badgeLabel?: string
}

export interface FooterNavProps {
  items: readonly FooterNavItem[]
  activePath: string | null
  label: string
  onSelect(path: string): void
  /** For tests; the real clock by default. */
  timers?: TapTimers
}

/** The footer tab bar: taps debounced 200 ms (lib/throttle.ts), the active tab shows its activeIcon. */
export function FooterNav({ items, activePath, label, onSelect, timers }: FooterNavProps) {
  const handleTap = useMemo(() => debounceTaps((path: string) => onSelect(path), 200, timers), [onSelect, timers])
  return (
    <nav className="footer-nav" aria-label={label}>
      <ul className="footer-nav__list">
        {items.map((item) => {
          const active = item.path === activePath
          return (
            <li key={item.path} className="footer-nav__item">
              <a
                href={item.path}
                className={active ? 'footer-nav__link is-active' : 'footer-nav__link'}
                aria-current={active ? 'page' : undefined}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
                  event.preventDefault()
                  handleTap(item.path)
                }}
              >
                <span className="footer-nav__icon" aria-hidden="true">
                  {active ? item.activeIcon : item.icon}
                  <CountBadge count={item.badge ?? 0} className="footer-nav__badge" />
                </span>
                <span className="footer-nav__label">{item.label}</span>
                {item.badge && item.badgeLabel ? <span className="visually-hidden">{item.badgeLabel}</span> : null}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
