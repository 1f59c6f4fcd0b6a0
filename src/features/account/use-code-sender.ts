import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
import type { SmsPurpose } from '../../../core/contracts/account.ts'
import { loginCaptcha } from '../../../core/contracts/calls.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-account.ts'
import { apiAtom } from '../../lib/store.ts'
import { showToastAtom } from '../../ui/toast.tsx'

/**
 * Sends a 6-digit code (login/captcha) and counts down to when the same number may have another
 * (the answer's `resendAfter`). The countdown follows the clock, not the ticks, so a tab in the
 * background comes back to the right figure.
 */
export function useCodeSender(purpose: SmsPurpose) {
  const api = useAtomValue(apiAtom)
  const showToast = useSetAtom(showToastAtom)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [resendAt, setResendAt] = useState(0)
  const [remaining, setRemaining] = useState(0)

  useEffect(() => {
    if (resendAt === 0) return
    const tick = () => {
      const left = Math.max(0, Math.ceil((resendAt - Date.now()) / 1000))
      setRemaining(left)
      if (left === 0) clearInterval(timer)
    }
    const timer = setInterval(tick, 1000)
    tick()
    return () => clearInterval(timer)
  }, [resendAt])

  const send = useCallback(
    async (mobile: string) => {
      setSending(true)
      setFailure(null)
      try {
        const { resendAfter } = await api.call(loginCaptcha, { mobile, purpose })
        setResendAt(Date.now() + resendAfter * 1000)
        showToast(t.account.codeSent)
      } catch (error) {
        setFailure(errorMessage(error))
      } finally {
        setSending(false)
      }
    },
    [api, purpose, showToast],
  )

  return { send, sending, remaining, failure }
}
