import * as v from 'valibot'
import { userInfo as userInfoCall } from '../../../core/contracts/calls.ts'
import { UserInfoSchema } from '../../../core/contracts/session.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'

/** user/info for the signed-in user. */
const userInfo = queryAtoms(async (get) => {
  // Asked without a userId, the answer is the caller's own info, which has the balance.
  // Parsed again to leave the session token out of the screen's state.
  const own = v.safeParse(UserInfoSchema, await get(apiAtom).call(userInfoCall, {}))
  if (!own.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
  return own.output
})

export const userInfoAtom = userInfo.stateAtom
export const loadUserInfoAtom = userInfo.loadAtom
