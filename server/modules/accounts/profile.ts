import type { InputOf } from '../../../core/contracts/call.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { AccountsContext } from './deps.ts'

// TODO(helper uploads): build.
export function createProfileService(_context: AccountsContext) {
  return {
    async modify(_user: SessionUser, _input: InputOf<typeof calls.userInfoModify>): Promise<UserInfo> {
      throw new Error('not built')
    },
    async setAvatar(_user: SessionUser, _imageId: string): Promise<UserInfo> {
      throw new Error('not built')
    },
  }
}
