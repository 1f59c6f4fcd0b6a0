import {
  GuestLoginRequestSchema,
  OnlineTimeRequestSchema,
  UserInfoRequestSchema,
} from '../../../core/contracts/session.ts'
import type { DefineCall } from '../../plugins/calls.ts'
import type { AccountsService } from './service.ts'

export function registerAccountRoutes(defineCall: DefineCall, service: AccountsService) {
  defineCall({
    name: 'login/guest',
    secured: false,
    body: GuestLoginRequestSchema,
    handler: (input, { ip }) => service.guestLogin(input, ip),
  })

  defineCall({
    name: 'user/info',
    secured: true,
    body: UserInfoRequestSchema,
    handler: (input, { user, token }) => service.userInfo(user, token, input.userId),
  })

  defineCall({
    name: 'user/logout',
    secured: false,
    handler: async (_input, { token }) => {
      await service.logout(token)
      return null
    },
  })

  defineCall({
    name: 'user/online/time',
    secured: false,
    body: OnlineTimeRequestSchema,
    handler: (input, { user }) => (user ? service.addOnlineTime(user, input.seconds) : null),
  })
}
