import { atom } from 'jotai'
import { UserInfoSchema, type UserInfo } from '../../../core/contracts/session.ts'
import { ApiError, ApiErrorKind, errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import type { QueryState } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'

const stateAtom = atom<QueryState<UserInfo>>({ status: 'idle' })

export const userInfoAtom = atom((get) => get(stateAtom))

/** user/info for the signed-in user; a refresh keeps the shown data until it answers. */
export const loadUserInfoAtom = atom(null, async (get, set) => {
  const previous = get(stateAtom)
  if (previous.status === 'loading') return
  set(stateAtom, previous.status === 'success' ? { ...previous, refreshing: true } : { status: 'loading' })
  try {
    const data = await get(apiAtom).post<unknown>('user/info', {})
    const parsed = UserInfoSchema.safeParse(data)
    if (!parsed.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
    set(stateAtom, { status: 'success', data: parsed.data })
  } catch (error) {
    if (previous.status === 'success') set(stateAtom, { ...previous, refreshing: false })
    else set(stateAtom, { status: 'error', message: errorMessage(error) })
  }
})
