import { defineCall } from './call.ts'
import {
  ClaimRequestSchema,
  ExchangeHistorySchema,
  ExchangeListSchema,
  ExchangeRequestSchema,
  HistoryRequestSchema,
  LevelsSchema,
  RedeemCodeRequestSchema,
  RedeemedCodePageSchema,
  RewardResultSchema,
  TaskListSchema,
} from './welfare.ts'
import { InviteCodeRequestSchema, InviteIncomeRequestSchema, InviteIncomeSchema, InviterSchema } from './invitations.ts'

/** Welfare (tasks, points, the exchange, redeem codes) and invitations: call entries like calls.ts's, in a module of their own that only lazy pages import (registry.ts). */

// welfare: tasks and sign-in, points and levels, the points exchange, redeem codes.
/** Tasks with progress and reward, the sign-in card and the caller's points. */
export const usertaskList = defineCall({
  name: 'usertask/list',
  idempotent: true,
  secured: true,
  module: 'welfare',
  response: TaskListSchema,
})
/** Claims a finished task's reward, once per period (signing in is claiming the sign-in task). */
export const usertaskGet = defineCall({
  name: 'usertask/get',
  secured: true,
  module: 'welfare',
  request: ClaimRequestSchema,
  response: RewardResultSchema,
})
/** Our addition: the caller's points and every level with its perks (/mine/pointLevel). */
export const pointsLevels = defineCall({
  name: 'points/levels',
  idempotent: true,
  secured: true,
  module: 'welfare',
  response: LevelsSchema,
})
export const redeemList = defineCall({
  name: 'redeem/list',
  idempotent: true,
  secured: false,
  module: 'welfare',
  response: ExchangeListSchema,
})
/** Spends points on an item: debited once, never below zero (7060 when short, 7061 when out of stock). */
export const redeemExchange = defineCall({
  name: 'redeem/exchange',
  secured: false,
  module: 'welfare',
  request: ExchangeRequestSchema,
  response: RewardResultSchema,
})
export const redeemHistory = defineCall({
  name: 'redeem/history',
  idempotent: true,
  secured: true,
  module: 'welfare',
  request: HistoryRequestSchema,
  response: ExchangeHistorySchema,
})
/** Redeems a code once per user (7012 wrong, 7010 expired, 7013 used up, 7011 used already); wrong tries are rate limited. */
export const redeemcodeUse = defineCall({
  name: 'redeemcode/use',
  secured: true,
  module: 'welfare',
  request: RedeemCodeRequestSchema,
  response: RewardResultSchema,
})
export const redeemcodeList = defineCall({
  name: 'redeemcode/list',
  idempotent: true,
  secured: true,
  module: 'welfare',
  request: HistoryRequestSchema,
  response: RedeemedCodePageSchema,
})

// invitations: invite codes, the inviter bound once, invite income.
/** Our reading of the name: binds the inviter whose invite code this is, once (7064–7067 refused). */
export const userRedeem = defineCall({
  name: 'user/redeem',
  secured: true,
  module: 'invitations',
  request: InviteCodeRequestSchema,
  response: InviterSchema,
})
/** The caller's invite code, what invitations earned and who was invited. */
export const userInviteIncome = defineCall({
  name: 'user/invite/income',
  idempotent: true,
  secured: true,
  module: 'invitations',
  request: InviteIncomeRequestSchema,
  response: InviteIncomeSchema,
})
