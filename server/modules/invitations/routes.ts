import * as calls from '../../../core/contracts/calls-welfare.ts'
import type { AnswerCall } from '../../plugins/calls.ts'

const notBuilt = () => {
  throw new Error('not built yet')
}

export function registerInvitationRoutes(answer: AnswerCall) {
  answer(calls.userRedeem, notBuilt)
  answer(calls.userInviteIncome, notBuilt)
}
