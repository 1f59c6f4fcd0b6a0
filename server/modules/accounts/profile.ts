import type { InputOf } from '../../../core/contracts/call.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { BUSINESS_MESSAGES, BusinessCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { SessionUser } from '../../plugins/session.ts'
import { lockUploader } from '../images/repo.ts'
import type { AccountsContext } from './deps.ts'
import * as repo from './repo.ts'
import { toUserInfo } from './user-info.ts'

/** Nickname, intro and avatar. The contract has trimmed the text and refused control characters. */
export function createProfileService(context: AccountsContext) {
  const { db } = context

  async function update(
    user: SessionUser,
    patch: Parameters<typeof repo.updateProfile>[2],
    within: Db = db,
  ): Promise<UserInfo> {
    const row = await repo.updateProfile(within, user.userId, patch)
    if (!row) throw new AppError(BusinessCode.NotFound, '用户不存在')
    return toUserInfo(row, new Date(context.now()))
  }

  return {
    modify(user: SessionUser, input: InputOf<typeof calls.userInfoModify>): Promise<UserInfo> {
      return update(user, {
        ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
        ...(input.intro !== undefined ? { intro: input.intro } : {}),
      })
    },

    /**
     * The avatar is the image's key, as covers are: the app resolves it against the IMAGE domain.
     * Only an image the caller uploaded will do; another's, or none, answers 7030 alike.
     */
    async setAvatar(user: SessionUser, imageId: string): Promise<UserInfo> {
      return db.transaction(async (tx) => {
        if ((await lockUploader(tx, imageId)) !== user.userId) {
          throw new AppError(BusinessCode.ImageNotYours, BUSINESS_MESSAGES[BusinessCode.ImageNotYours])
        }
        return update(user, { avatar: imageId }, tx)
      })
    },
  }
}
