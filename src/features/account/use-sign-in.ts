import { useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback } from 'react'
import type { RequestOf } from '../../../core/contracts/call.ts'
import type {
  loginAccountLogin,
  loginAccountRegister,
  loginBindMobile,
  loginOfficial,
  loginPhone,
} from '../../../core/contracts/calls.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { apiAtom } from '../../lib/store.ts'
import { applyLoginAtom, currentSessionAtom } from '../session/public.ts'

/** The calls that answer a login: the session becomes their answer. */
type LoginCall =
  | typeof loginAccountLogin
  | typeof loginAccountRegister
  | typeof loginPhone
  | typeof loginOfficial
  | typeof loginBindMobile

/**
 * Sends a login call and stores its answer as the session. A refusal rejects with the
 * server's tip, else `fallback` (the fallback text for that way of logging in).
 */
export function useSignIn() {
  const api = useAtomValue(apiAtom)
  const applyLogin = useSetAtom(applyLoginAtom)
  return useCallback(
    async <C extends LoginCall>(call: C, body: RequestOf<C>, fallback: string) => {
      const result = await api.result<LoginCall>(call, body as RequestOf<LoginCall>)
      if (result.code !== ResultCode.Ok || !result.data) {
        throw new ApiError(ApiErrorKind.Business, result.tip || result.msg || fallback, result.code)
      }
      await applyLogin(result.data)
    },
    [api, applyLogin],
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
