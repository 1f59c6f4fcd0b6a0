import type { ResponseOf } from '../../../core/contracts/call.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import type { LoginResult } from '../../../core/contracts/session.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { AccountsContext } from './deps.ts'
import type { Caller } from './sign-in.ts'

// TODO(helper accounts-passwords): build.
export function createCredentialService(_context: AccountsContext) {
  return {
    async issue(_user: SessionUser): Promise<ResponseOf<typeof calls.userQrcode>> {
      throw new Error('not built')
    },
    async login(_credential: string, _caller: Caller, _ip: string): Promise<LoginResult> {
      throw new Error('not built')
    },
  }
}
