import * as calls from '../../../core/contracts/calls-welfare.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { InvitationsService } from './service.ts'

export function registerInvitationRoutes(answer: AnswerCall, invitations: InvitationsService) {
  answer(calls.userRedeem, ({ code }, { user, ip }) => invitations.redeem(user, code, ip))
  answer(calls.userInviteIncome, ({ cursor }, { user }) => invitations.income(user, cursor))
}
