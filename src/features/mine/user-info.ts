import { UserInfoSchema } from '../../../core/contracts/session.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'

/** user/info for the signed-in user. */
const userInfo = queryAtoms(async (get) => {
  const parsed = UserInfoSchema.safeParse(await get(apiAtom).post<unknown>('user/info', {}))
  if (!parsed.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
  return parsed.data
})

export const userInfoAtom = userInfo.stateAtom
export const loadUserInfoAtom = userInfo.loadAtom
