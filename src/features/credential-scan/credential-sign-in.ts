import { useNavigate } from '@tanstack/react-router'
import { atom, useSetAtom } from 'jotai'
import { useState } from 'react'
import { CREDENTIAL_PATTERN } from '../../../core/contracts/account-rules.ts'
import { userQrcodeInfo } from '../../../core/contracts/calls.ts'
import { ApiError } from '../../lib/http.ts'
import { t } from '../../lib/messages-credentials.ts'
import { showToastAtom } from '../../ui/toast.tsx'
import { currentSessionAtom, signInAtom } from '../session/public.ts'

/** The first decoded text that is an account credential (a card photographed with other codes around it). */
export function findCredential(texts: readonly string[]): string | null {
  return texts.map((text) => text.trim()).find((text) => CREDENTIAL_PATTERN.test(text)) ?? null
}

/** user/qrcode/info with this device's id; the answer becomes the session. */
const signInWithCredentialAtom = atom(null, async (get, set, credential: string) => {
  const devID = get(currentSessionAtom)?.uuid ?? ''
  await set(signInAtom, { call: userQrcodeInfo, body: { credential, devID }, fallback: t.scan.loginFailed })
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
