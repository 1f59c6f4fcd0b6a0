import type { InputOf, ResponseOf } from '../../../core/contracts/call.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import type { LoginResult, UserInfo } from '../../../core/contracts/session.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { AccountsContext } from './deps.ts'
import type { Caller } from './sign-in.ts'

// TODO(helper accounts-phone): build.
export function createPhoneService(_context: AccountsContext) {
  return {
    async sendCode(
      _input: InputOf<typeof calls.loginCaptcha>,
      _user: SessionUser | null,
      _ip: string,
    ): Promise<ResponseOf<typeof calls.loginCaptcha>> {
      throw new Error('not built')
    },
    async login(_input: InputOf<typeof calls.loginPhone>, _caller: Caller, _ip: string): Promise<LoginResult> {
      throw new Error('not built')
    },
    async bind(_input: InputOf<typeof calls.loginBindMobile>, _caller: Caller, _ip: string): Promise<LoginResult> {
      throw new Error('not built')
    },
    async change(_input: InputOf<typeof calls.userChangeMobile>, _user: SessionUser, _ip: string): Promise<UserInfo> {
      throw new Error('not built')
    },
  }
}
