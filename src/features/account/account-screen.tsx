import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
import type { ResponseOf } from '../../../core/contracts/call.ts'
import { maskMobile } from '../../../core/contracts/account-rules.ts'
import { userSessions, userSessionsRevoke } from '../../../core/contracts/calls.ts'
import { relativeTime } from '../../../core/format/relative-time.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-account.ts'
import { apiAtom } from '../../lib/store.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { Sheet } from '../../ui/sheet.tsx'
import { EmptyState, ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { LogoutEntry } from './logout.tsx'
import { RequireAccount } from './require-account.tsx'
import './account.css'

type Device = ResponseOf<typeof userSessions>['list'][number]

/** /mine/setting/accout/: the account's name and number, its password, its signed-in devices, logout. */
export function AccountScreen({ now = () => Date.now() }: { now?: () => number }) {
  return (
    <RequireAccount title={t.pages.account}>
      {(user) => (
        <main className="page">
          <PageHeader title={t.pages.account} />
          <section className="card menu" aria-label={t.pages.account}>
            <ul className="menu__list">
              <li className="menu__link">
                <span>{t.account.accountName}</span>
                <span className="account-value">{user.account || t.account.noAccountName}</span>
              </li>
              <li>
                <Link to={user.mobile ? '/mine/setting/phone' : '/mine/setting/bindPhone'} className="menu__link">
                  <span>{t.account.boundPhone}</span>
                  <span className="account-value">
                    <span>{user.mobile ? maskMobile(user.mobile) : t.account.unbound}</span>{' '}
                    <span className="account-action">{user.mobile ? t.account.change : t.account.bind}</span>{' '}
                    <span aria-hidden="true">›</span>
                  </span>
                </Link>
              </li>
              {user.account ? (
                <li>
                  <Link to="/mine/setting/modifyPassword" className="menu__link">
                    <span>{t.pages.modifyPassword}</span>
                    <span aria-hidden="true">›</span>
                  </Link>
                </li>
              ) : null}
            </ul>
          </section>
          <DeviceList now={now} />
          <div className="account-footer">
            <LogoutEntry />
          </div>
        </main>
      )}
    </RequireAccount>
  )
}

type Devices = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: Device[] }

function DeviceList({ now }: { now: () => number }) {
  const api = useAtomValue(apiAtom)
  const showToast = useSetAtom(showToastAtom)
  const [devices, setDevices] = useState<Devices>({ status: 'loading' })
  const [revoking, setRevoking] = useState<{ device: Device; busy: boolean } | null>(null)

  const fetchDevices = useCallback(() => {
    api.call(userSessions).then(
      ({ list }) => setDevices({ status: 'ready', list }),
      (error: unknown) => setDevices({ status: 'error', message: errorMessage(error) }),
    )
  }, [api])
  useEffect(fetchDevices, [fetchDevices])
  const retry = () => {
    setDevices({ status: 'loading' })
    fetchDevices()
  }

  const closeConfirm = useCallback(() => setRevoking((current) => (current?.busy ? current : null)), [])
  const handleRevoke = async (device: Device) => {
    setRevoking({ device, busy: true })
    try {
      await api.call(userSessionsRevoke, { id: device.id })
      setDevices((current) =>
        current.status === 'ready'
          ? { ...current, list: current.list.filter((entry) => entry.id !== device.id) }
          : current,
      )
      showToast(t.account.revoked)
    } catch (error) {
      showToast(errorMessage(error))
    }
    setRevoking(null)
  }

  const seconds = Math.floor(now() / 1000)
  return (
    <section className="card" aria-labelledby="account-devices-title">
      <h2 id="account-devices-title" className="card__title">
        {t.account.devices}
      </h2>
      {devices.status === 'loading' ? (
        <Skeleton lines={2} />
      ) : devices.status === 'error' ? (
        <ErrorState message={devices.message} onRetry={retry} />
      ) : devices.list.length === 0 ? (
        <EmptyState message={t.account.devicesEmpty} />
      ) : (
        <ul className="account-devices">
          {devices.list.map((device) => (
            <li key={device.id} className="account-device">
              <span className="account-device__text">
                <span className="account-device__name">
                  {device.device}
                  {device.current ? <span className="account-device__mark">{t.account.thisDevice}</span> : null}
                </span>
                <span className="account-device__seen">
                  {/* A device clock ahead of the server's still reads 刚刚. */}
                  {t.account.lastSeen(relativeTime(Math.min(device.lastSeenAt, seconds), seconds))}
                </span>
              </span>
              {device.current ? null : (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`${t.account.revoke} ${device.device}`}
                  onClick={() => setRevoking({ device, busy: false })}
                >
                  {t.account.revoke}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {revoking ? (
        <Sheet
          title={t.account.revokeTitle}
          role="alertdialog"
          onClose={closeConfirm}
          actions={
            <>
              <button type="button" className="button button--ghost" disabled={revoking.busy} onClick={closeConfirm}>
                {t.account.cancel}
              </button>
              <button
                type="button"
                className="button"
                disabled={revoking.busy}
                aria-busy={revoking.busy || undefined}
                onClick={() => void handleRevoke(revoking.device)}
              >
                {t.account.revoke}
              </button>
            </>
          }
        >
          <p>{t.account.revokeText(revoking.device.device)}</p>
        </Sheet>
      ) : null}
    </section>
  )
}
