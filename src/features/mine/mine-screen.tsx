import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { t } from '../../lib/messages-pages.ts'
import { CountBadge } from '../../ui/count-badge.tsx'
import { unreadTotalAtom } from '../messages/public.ts'
import { MineProfile } from './mine-profile.tsx'

const MESSAGE_PATH = '/mine/message'

const MENU = [
  ['/mine/vip', t.pages.vip],
  ['/mine/diamondRecharge', t.pages.diamondRecharge],
  ['/mine/rechargeRecord', t.pages.rechargeRecord],
  ['/mine/credentials', t.pages.credentials],
  ['/mine/myCollect', t.pages.myCollect],
  ['/mine/myHistory', t.pages.myHistory],
  ['/mine/myBought', t.pages.myBought],
  ['/mine/myPost', t.pages.myPost],
  ['/mine/myFollow', t.pages.myFollow],
  [MESSAGE_PATH, t.pages.message],
  ['/mine/invitation', t.pages.invitation],
  ['/mine/share', t.pages.share],
  ['/mine/feedback', t.pages.feedback],
  ['/mine/setting/', t.pages.setting],
] as const

/**
 * The entries composed in by the route (a feature reaches another only through its public.ts):
 * `installEntry` the install-to-home-screen entry, `guestEntry` a guest's way to log in,
 * `logoutEntry` an account's 退出登录.
 */
export function MineScreen({
  installEntry,
  guestEntry,
  logoutEntry,
}: {
  installEntry?: ReactNode
  guestEntry?: ReactNode
  logoutEntry?: ReactNode
}) {
  const unread = useAtomValue(unreadTotalAtom)
  return (
    <main className="page page--tab">
      <header className="page-header page-header--brand">
        <h1 className="page-header__title">{t.mine.title}</h1>
      </header>
      <MineProfile guestEntry={guestEntry} />
      {installEntry}
      <nav className="card menu" aria-label={t.mine.title}>
        <ul className="menu__list">
          {MENU.map(([to, label]) => (
            <li key={to}>
              <Link to={to} className="menu__link">
                <span>
                  {label}
                  {to === MESSAGE_PATH && unread > 0 ? (
                    <>
                      <CountBadge count={unread} className="menu__badge" />
                      <span className="visually-hidden">{t.tabs.unread(unread)}</span>
                    </>
                  ) : null}
                </span>
                <span aria-hidden="true">›</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {logoutEntry ? <div className="mine-logout">{logoutEntry}</div> : null}
    </main>
  )
}
