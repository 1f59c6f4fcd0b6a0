import * as calls from '../../../core/contracts/calls.ts'
import { requireSignedIn, type AnswerCall, type CallContext } from '../../plugins/calls.ts'
import type { AccountsService } from './service.ts'
import { deviceNameOf, type Caller } from './sign-in.ts'

const deviceNameIn = (context: CallContext<boolean>) =>
  deviceNameOf(context.request.headers['x-user-agent'] as string | undefined)

/** The caller of a login call: its session (if any), token and device. */
function callerOf(context: CallContext<boolean>, deviceId = ''): Caller {
  return { user: context.user, token: context.token, device: { deviceId, deviceName: deviceNameIn(context) } }
}

export function registerAccountRoutes(answer: AnswerCall, service: AccountsService) {
  answer(calls.loginGuest, (input, context) => service.guestLogin(input, context.ip, deviceNameIn(context)))
  answer(calls.userInfo, (input, { user, token }) => service.userInfo(user, token, input.userId))
  answer(calls.userLogout, async (_input, { token }) => {
    await service.logout(token)
    return null
  })
  answer(calls.userOnlineTime, (input, { user }) => (user ? service.addOnlineTime(user, input.seconds) : null))

  answer(calls.loginAccountRegister, (input, context) =>
    service.passwords.register(input, callerOf(context, input.devID), context.ip),
  )
  answer(calls.loginAccountLogin, (input, context) =>
    service.passwords.login(input, callerOf(context, input.devID), context.ip),
  )
  answer(calls.userChangePassword, (input, context) => service.passwords.changePassword(input, context.user))
  answer(calls.loginBefore, (input) => service.devices.loginBefore(input.devID))
  answer(calls.userSessions, (_input, context) => service.devices.list(context.user))
  answer(calls.userSessionsRevoke, (input, context) => service.devices.revoke(context.user, input.id))

  answer(calls.loginCaptcha, (input, context) => service.phone.sendCode(input, context.user, context.ip))
  answer(calls.loginPhone, (input, context) => service.phone.login(input, callerOf(context, input.devID), context.ip))
  answer(calls.loginBindMobile, (input, context) =>
    service.phone.bind(input, callerOf(requireSignedIn(context)), context.ip),
  )
  answer(calls.userChangeMobile, (input, context) => service.phone.change(input, context.user, context.ip))

  answer(calls.userQrcode, (_input, context) => service.credentials.issue(context.user))
  answer(calls.userQrcodeInfo, (input, context) =>
    service.credentials.login(input.credential, callerOf(context, input.devID), context.ip),
  )
  answer(calls.loginOfficial, (input, context) =>
    service.credentials.login(input.credential, callerOf(context, input.devID), context.ip),
  )

  answer(calls.userInfoModify, (input, context) => service.profile.modify(context.user, input))
  answer(calls.userAvatar, (input, context) => service.profile.setAvatar(context.user, input.imageId))
}
