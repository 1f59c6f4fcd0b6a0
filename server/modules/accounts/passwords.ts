import type { InputOf } from '../../../core/contracts/call.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import type { LoginResult } from '../../../core/contracts/session.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { AccountsContext } from './deps.ts'
import type { Caller } from './sign-in.ts'

// TODO(helper accounts-passwords): build.
export function createPasswordService(_context: AccountsContext) {
  return {
    async register(
      _input: InputOf<typeof calls.loginAccountRegister>,
      _caller: Caller,
      _ip: string,
    ): Promise<LoginResult> {
      throw new Error('not built')
    },
    async login(_input: InputOf<typeof calls.loginAccountLogin>, _caller: Caller, _ip: string): Promise<LoginResult> {
      throw new Error('not built')
    },
    async changePassword(_input: InputOf<typeof calls.userChangePassword>, _user: SessionUser): Promise<null> {
      throw new Error('not built')
    },
  }
}
