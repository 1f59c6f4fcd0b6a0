import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, type ReactNode } from 'react'
import { maskMobile } from '../../../core/contracts/account-rules.ts'
import { imageUrl } from '../../../core/contracts/domain.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { vipExpiryShown, vipLabel } from '../../../core/vip/vip.ts'
import { t } from '../../lib/messages-account.ts'
import { useLoadWhenBackOnline } from '../../lib/use-back-online.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { appConfigAtom, sessionUserAtom } from '../session/public.ts'
import { loadUserInfoAtom, userInfoAtom } from './user-info.ts'

/**
 * Who is using the app: a guest's id with the way to log in (`guestEntry`), an account's name,
 * avatar and number; the balance and the VIP label and expiry (core/vip/vip.ts) for both. It shows
 * the session's user at once (a login has just set it) and asks user/info again each time Mine shows.
 */
export function MineProfile({ guestEntry }: { guestEntry?: ReactNode }) {
  const sessionUser = useAtomValue(sessionUserAtom)
  const state = useAtomValue(userInfoAtom)
  const load = useSetAtom(loadUserInfoAtom)
  useEffect(() => {
    // Runs again whenever the kept-alive Mine page becomes visible.
    void load()
  }, [load])
  const user = sessionUser ?? (state.status === 'success' ? state.data : null)
  useLoadWhenBackOnline(user === null && state.status === 'error', load)

  if (user === null) {
    if (state.status === 'error') {
      return (
        <section className="card profile">
          <ErrorState message={state.message} onRetry={() => void load()} />
        </section>
      )
    }
    return (
      <section className="card profile" aria-busy="true">
        <Skeleton lines={3} />
      </section>
    )
  }
  const label = vipLabel(user)
  const expiry = vipExpiryShown(user)
  const name = user.nickname || (user.isGuest ? t.mine.guest : user.account)
  return (
    <section className="card profile" aria-label={t.mine.title}>
      <Avatar user={user} name={name} />
      <div className="profile__text">
        <p className="profile__name">
          {name}
          {label ? <span className={`vip-badge vip-badge--${label.toLowerCase()}`}>{label}</span> : null}
        </p>
        <p className="profile__id" data-testid="user-id">
          {t.mine.userId}: {user.id}
        </p>
        {user.isGuest ? null : (
          <p className="profile__phone">{user.mobile ? t.account.bound(maskMobile(user.mobile)) : t.account.unbound}</p>
        )}
        <p className="profile__balance">{t.account.balance(formatMoney(user.balance))}</p>
        <p className="profile__vip">{label && expiry ? t.mine.expiresAt(expiry) : label ? '' : t.mine.vipNone}</p>
        {user.isGuest ? guestEntry : null}
      </div>
    </section>
  )
}

/** The avatar image (served scrambled, like every image) over the name's first letter, which shows without one. */
function Avatar({ user, name }: { user: UserInfo; name: string }) {
  const config = useAtomValue(appConfigAtom)
  return (
    <div className="profile__avatar" aria-hidden="true">
      {name.slice(0, 1)}
      {user.avatar ? (
        <LazyImage className="profile__avatar-image" src={imageUrl(config, user.avatar)} alt="" ratio={1} eager />
      ) : null}
    </div>
  )
}
