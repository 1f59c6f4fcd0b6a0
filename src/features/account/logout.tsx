import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useState } from 'react'
import { userLogout } from '../../../core/contracts/calls.ts'
import { ApiError, ApiErrorKind, errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-account.ts'
import { apiAtom } from '../../lib/store.ts'
import { Sheet } from '../../ui/sheet.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { sessionUserAtom, signOutAtom } from '../session/public.ts'
import './account.css'

/** Whether the server may not have heard the logout: then the session is kept and the user may try again. */
function unheard(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === ApiErrorKind.Network || error.kind === ApiErrorKind.Timeout)
}

/**
 * 退出登录 for an account (nothing for a guest), with a confirmation: user/logout, then the
 * token and user are forgotten and the app reloads as a guest of this device.
 */
export function LogoutEntry({ reload = () => location.reload() }: { reload?: () => void }) {
  const user = useAtomValue(sessionUserAtom)
  const api = useAtomValue(apiAtom)
  const signOut = useSetAtom(signOutAtom)
  const showToast = useSetAtom(showToastAtom)
  const [state, setState] = useState<'idle' | 'confirming' | 'leaving'>('idle')
  const close = useCallback(() => setState((current) => (current === 'leaving' ? current : 'idle')), [])

  if (!user || user.isGuest) return null

  const handleConfirm = async () => {
    setState('leaving')
    try {
      await api.call(userLogout)
    } catch (error) {
      // A refusal (the session had already ended) still logs out here.
      if (unheard(error)) {
        showToast(errorMessage(error))
        setState('idle')
        return
      }
    }
    await signOut()
    reload()
  }

  return (
    <>
      <button type="button" className="button button--ghost account-logout" onClick={() => setState('confirming')}>
        {t.account.logout}
      </button>
      {state === 'idle' ? null : (
        <Sheet
          title={t.account.logoutTitle}
          role="alertdialog"
          onClose={close}
          actions={
            <>
              <button type="button" className="button button--ghost" disabled={state === 'leaving'} onClick={close}>
                {t.account.cancel}
              </button>
              <button
                type="button"
                className="button"
                disabled={state === 'leaving'}
                aria-busy={state === 'leaving' || undefined}
                onClick={() => void handleConfirm()}
              >
                {state === 'leaving' ? t.account.loggingOut : t.account.logout}
              </button>
            </>
          }
        >
          <p>{t.account.logoutText}</p>
        </Sheet>
      )}
    </>
  )
}
