import type { ResponseOf } from '../../../core/contracts/call.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { AccountsContext } from './deps.ts'

// TODO(helper accounts-passwords): build.
export function createDeviceService(_context: AccountsContext) {
  return {
    async loginBefore(_deviceId: string): Promise<ResponseOf<typeof calls.loginBefore>> {
      throw new Error('not built')
    },
    async list(_user: SessionUser): Promise<ResponseOf<typeof calls.userSessions>> {
      throw new Error('not built')
    },
    async revoke(_user: SessionUser, _sessionId: number): Promise<null> {
      throw new Error('not built')
    },
  }
}
