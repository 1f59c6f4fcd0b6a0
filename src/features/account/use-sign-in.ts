import { useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback } from 'react'
import type { RequestOf } from '../../../core/contracts/call.ts'
import { currentSessionAtom, signInAtom, type LoginCall } from '../session/public.ts'

/** Sends a login call and stores its answer as the session (signInAtom), typed by the call. */
export function useSignIn() {
  const signIn = useSetAtom(signInAtom)
  return useCallback(
    <C extends LoginCall>(call: C, body: RequestOf<C>, fallback: string) =>
      signIn({ call, body: body as RequestOf<LoginCall>, fallback }),
    [signIn],
  )
}

/** The device id every login body carries (sessions record it; login/before answers from it). */
export function useDeviceId(): string {
  return useAtomValue(currentSessionAtom)?.uuid ?? ''
}

/** After a login: Mine, in place of the login page, showing the new user. */
export function useOpenMine() {
  const navigate = useNavigate()
  return useCallback(() => navigate({ to: '/mine/', replace: true }), [navigate])
}
