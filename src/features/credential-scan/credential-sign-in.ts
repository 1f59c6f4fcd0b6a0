import { useNavigate } from '@tanstack/react-router'
import { atom, useSetAtom } from 'jotai'
import { useState } from 'react'
import { CREDENTIAL_PATTERN } from '../../../core/contracts/account-rules.ts'
import { userQrcodeInfo } from '../../../core/contracts/calls.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages-credentials.ts'
import { apiAtom } from '../../lib/store.ts'
import { showToastAtom } from '../../ui/toast.tsx'
import { applyLoginAtom, currentSessionAtom } from '../session/public.ts'

/** The first decoded text that is an account credential (a card photographed with other codes around it). */
export function findCredential(texts: readonly string[]): string | null {
  return texts.map((text) => text.trim()).find((text) => CREDENTIAL_PATTERN.test(text)) ?? null
}

/** user/qrcode/info with this device's id; the answer becomes the session (a refusal shows tip, msg, else 登录失败). */
const signInWithCredentialAtom = atom(null, async (get, set, credential: string) => {
  const devID = get(currentSessionAtom)?.uuid ?? ''
  const answer = await get(apiAtom).result(userQrcodeInfo, { credential, devID })
  if (answer.code !== ResultCode.Ok || !answer.data) {
    throw new ApiError(ApiErrorKind.Business, answer.tip || answer.msg || t.scan.loginFailed, answer.code)
  }
  await set(applyLoginAtom, answer.data)
})

export type SignInState = { status: 'idle' } | { status: 'signing-in' } | { status: 'failed'; message: string }

/** Signs in with a scanned credential, then opens Mine in place of the scan page. */
export function useCredentialSignIn() {
  const signIn = useSetAtom(signInWithCredentialAtom)
  const showToast = useSetAtom(showToastAtom)
  const navigate = useNavigate()
  const [state, setState] = useState<SignInState>({ status: 'idle' })
  const start = async (credential: string) => {
    setState({ status: 'signing-in' })
    try {
      await signIn(credential)
    } catch (error) {
      setState({ status: 'failed', message: error instanceof ApiError ? error.message : t.scan.loginFailed })
      return
    }
    showToast(t.scan.loggedIn)
    await navigate({ to: '/mine/', replace: true })
  }
  return { state, start, reset: () => setState({ status: 'idle' }) }
}
