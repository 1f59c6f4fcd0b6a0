import * as calls from '../../../core/contracts/calls-welfare.ts'
import { requireSignedIn, type AnswerCall } from '../../plugins/calls.ts'
import type { WelfareServices } from './service.ts'

export function registerWelfareRoutes(answer: AnswerCall, { tasks, exchange, codes, levels }: WelfareServices) {
  answer(calls.usertaskList, (_body, { user }) => tasks.list(user.userId))
  answer(calls.usertaskGet, ({ taskId }, { user }) => tasks.claim(user.userId, taskId))
  answer(calls.pointsLevels, (_body, { user }) => levels(user.userId))
  answer(calls.redeemList, (_body, { user }) => exchange.list(user?.userId ?? null))
  // Not secured in the call list (as in the original app), yet points are a user's.
  answer(calls.redeemExchange, ({ itemId }, context) => exchange.exchange(requireSignedIn(context).user.userId, itemId))
  answer(calls.redeemHistory, ({ cursor }, { user }) => exchange.history(user.userId, cursor))
  answer(calls.redeemcodeUse, ({ code }, { user, ip }) => codes.use(user.userId, ip, code))
  answer(calls.redeemcodeList, ({ cursor }, { user }) => codes.list(user.userId, cursor))
}
