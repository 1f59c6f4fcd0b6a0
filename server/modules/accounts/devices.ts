import type { ResponseOf } from '../../../core/contracts/call.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import { BUSINESS_MESSAGES, BusinessCode } from '../../../core/protocol/codes.ts'
import { AppError } from '../../errors.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { AccountsContext } from './deps.ts'
import * as repo from './repo.ts'

/** Shown for a session whose login sent no X-User-Agent we could read. */
export const UNKNOWN_DEVICE = '未知设备'

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** The devices an account is signed in on, and what the app asks of a device before logging in. */
export function createDeviceService(context: AccountsContext) {
  const { db } = context
  return {
    /** An account signed in on this device before: the app opens /mine/login. */
    async loginBefore(deviceId: string): Promise<ResponseOf<typeof calls.loginBefore>> {
      return { hasAccount: await repo.accountSignedInOnDevice(db, deviceId) }
    },

    async list(session: SessionUser): Promise<ResponseOf<typeof calls.userSessions>> {
      const rows = await repo.listSessions(db, session.userId, { now: new Date(context.now()) })
      return {
        list: rows.map((row) => ({
          id: row.id,
          device: row.deviceName || UNKNOWN_DEVICE,
          createdAt: unixSeconds(row.createdAt),
          lastSeenAt: unixSeconds(row.lastSeenAt ?? row.createdAt),
          current: row.id === session.sessionId,
        })),
      }
    },

    /** Only the caller's own live sessions; any other id answers 7004 and changes nothing. */
    async revoke(session: SessionUser, sessionId: number): Promise<null> {
      const tokenHash = await repo.revokeSessionOf(db, session.userId, sessionId, new Date(context.now()))
      if (tokenHash === null) throw new AppError(BusinessCode.NotFound, BUSINESS_MESSAGES[BusinessCode.NotFound])
      await context.sessions.forgetHashes([tokenHash])
      return null
    },
  }
}
