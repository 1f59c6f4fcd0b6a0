import { atom } from 'jotai'
import * as v from 'valibot'
import { userInfo as userInfoCall } from '../../../core/contracts/calls.ts'
import { UserInfoSchema } from '../../../core/contracts/session.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'
import { tokenAtom, updateSessionUserAtom } from '../session/public.ts'

/** user/info for the signed-in user. */
const userInfo = queryAtoms(async (get) => {
  // Asked without a userId, the answer is the caller's own info, which has the balance.
  // Parsed again to leave the session token out of the screen's state.
  const own = v.safeParse(UserInfoSchema, await get(apiAtom).call(userInfoCall, {}))
  if (!own.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
  return own.output
})

export const userInfoAtom = userInfo.stateAtom

/**
 * Asks user/info again and keeps the answer as the session's user, so the profile shows the
 * balance and membership of now. An answer to a session that has since changed (a login or a
 * logout while it was out) is not kept.
 */
export const loadUserInfoAtom = atom(null, async (get, set) => {
  const token = get(tokenAtom)
  const before = get(userInfo.stateAtom)
  await set(userInfo.loadAtom)
  const after = get(userInfo.stateAtom)
  // A failed refresh keeps the data it had: only a new answer is the user of now.
  const answered = after.status === 'success' && (before.status !== 'success' || after.data !== before.data)
  if (answered && get(tokenAtom) === token) await set(updateSessionUserAtom, after.data)
})
