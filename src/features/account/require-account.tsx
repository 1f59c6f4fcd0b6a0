import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { t } from '../../lib/messages-account.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { sessionUserAtom } from '../session/public.ts'
import './account.css'

/** An account page: a guest (or a visit without a session) is asked to log in or register instead. */
export function RequireAccount({ title, children }: { title: string; children(user: UserInfo): ReactNode }) {
  const user = useAtomValue(sessionUserAtom)
  if (user && !user.isGuest) return children(user)
  return (
    <main className="page">
      <PageHeader title={title} />
      <section className="card account-guest" aria-labelledby="account-guest-title">
        <h2 id="account-guest-title" className="card__title">
          {t.account.guestTitle}
        </h2>
        <p className="account-form__hint">{t.account.guestHint}</p>
        <LoginOrRegister />
      </section>
    </main>
  )
}

/** The way in for a guest: the login page, which links to registering. */
export function LoginOrRegister() {
  return (
    <Link to="/mine/login" className="button account-login">
      {t.account.loginOrRegister}
    </Link>
  )
}
