import * as calls from '../../../core/contracts/calls-welfare.ts'
import type { AnswerCall } from '../../plugins/calls.ts'

const notBuilt = () => {
  throw new Error('not built yet')
}

export function registerWelfareRoutes(answer: AnswerCall) {
  answer(calls.usertaskList, notBuilt)
  answer(calls.usertaskGet, notBuilt)
  answer(calls.pointsLevels, notBuilt)
  answer(calls.redeemList, notBuilt)
  answer(calls.redeemExchange, notBuilt)
  answer(calls.redeemHistory, notBuilt)
  answer(calls.redeemcodeUse, notBuilt)
  answer(calls.redeemcodeList, notBuilt)
}
