import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { vipExpiryShown, vipLabel } from '../../../core/vip/vip.ts'
import { t } from '../../lib/messages.ts'
import { useLoadWhenBackOnline } from '../../lib/use-back-online.ts'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { loadUserInfoAtom, userInfoAtom } from './user-info.ts'

/** The user's id, VIP label and expiry (core/vip/vip.ts), refreshed each time Mine shows. */
export function MineProfile() {
  const state = useAtomValue(userInfoAtom)
  const load = useSetAtom(loadUserInfoAtom)
  useEffect(() => {
    // Runs again whenever the kept-alive Mine page becomes visible.
    void load()
  }, [load])
  useLoadWhenBackOnline(state.status === 'error', load)

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <section className="card profile" aria-busy="true">
        <Skeleton lines={3} />
      </section>
    )
  }
  if (state.status === 'error') {
    return (
      <section className="card profile">
        <ErrorState message={state.message} onRetry={() => void load()} />
      </section>
    )
  }
  const user = state.data
  const label = vipLabel(user)
  const expiry = vipExpiryShown(user)
  return (
    <section className="card profile" aria-label={t.mine.title}>
      <div className="profile__avatar" aria-hidden="true">
        {(user.nickname || t.mine.guest).slice(0, 1)}
      </div>
      <div className="profile__text">
        <p className="profile__name">
          {user.nickname || t.mine.guest}
          {label ? <span className={`vip-badge vip-badge--${label.toLowerCase()}`}>{label}</span> : null}
        </p>
        <p className="profile__id" data-testid="user-id">
          {t.mine.userId}: {user.id}
        </p>
        <p className="profile__vip">{label && expiry ? t.mine.expiresAt(expiry) : label ? '' : t.mine.vipNone}</p>
      </div>
    </section>
  )
}
