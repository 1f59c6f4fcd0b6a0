import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { AccountsService } from './service.ts'

export function registerAccountRoutes(answer: AnswerCall, service: AccountsService) {
  answer(calls.loginGuest, (input, { ip }) => service.guestLogin(input, ip))
  answer(calls.userInfo, (input, { user, token }) => service.userInfo(user, token, input.userId))
  answer(calls.userLogout, async (_input, { token }) => {
    await service.logout(token)
    return null
  })
  answer(calls.userOnlineTime, (input, { user }) => (user ? service.addOnlineTime(user, input.seconds) : null))
}
