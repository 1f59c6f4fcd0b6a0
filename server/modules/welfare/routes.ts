import * as calls from '../../../core/contracts/calls-welfare.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import { AppError } from '../../errors.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { WelfareServices } from './service.ts'

/** redeem/exchange is not secured in the call list (as in the original app), yet points are a user's. */
function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError(ResultCode.SessionInvalid, '登录已失效，请重新登录')
  return user
}

export function registerWelfareRoutes(answer: AnswerCall, { tasks, exchange, codes, levels }: WelfareServices) {
  answer(calls.usertaskList, (_body, { user }) => tasks.list(user.userId))
  answer(calls.usertaskGet, ({ taskId }, { user }) => tasks.claim(user.userId, taskId))
  answer(calls.pointsLevels, (_body, { user }) => levels(user.userId))
  answer(calls.redeemList, (_body, { user }) => exchange.list(user?.userId ?? null))
  answer(calls.redeemExchange, ({ itemId }, { user }) => exchange.exchange(signedIn(user).userId, itemId))
  answer(calls.redeemHistory, ({ cursor }, { user }) => exchange.history(user.userId, cursor))
  answer(calls.redeemcodeUse, ({ code }, { user, ip }) => codes.use(user.userId, ip, code))
  answer(calls.redeemcodeList, ({ cursor }, { user }) => codes.list(user.userId, cursor))
}
