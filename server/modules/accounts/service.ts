import { randomBytes } from 'node:crypto'
import type { LoginResult } from '../../../core/contracts/session.ts'
import { formatDate } from '../../../core/format/date.ts'
import { BUSINESS_MESSAGES, BusinessCode } from '../../../core/protocol/codes.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { hashToken, type SessionLookup, type SessionUser } from '../../plugins/session.ts'
import * as repo from './repo.ts'
import { toPublicUserInfo, toUserInfo } from './user-info.ts'

export interface AccountsDeps {
  db: Db
  config: Pick<Config, 'guestCreation' | 'guestLimitPerIp' | 'sessionTtlDays'>
  now: () => number
  /** Told on logout, so this process stops trusting the token at once. */
  sessions: Pick<SessionLookup, 'forget'>
  randomBytes?: (length: number) => Uint8Array
}

const HOUR_MS = 3600 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * The channel {pc, dc, isLight} when affCode is a JSON object; anything else is kept only as raw
 * text. So is an object holding a `\u0000` escape: jsonb cannot store NUL (the contract already
 * refuses a raw one in the text).
 */
export function parseChannel(affCode: string): Record<string, unknown> | null {
  if (!affCode) return null
  let nul = false
  try {
    const value: unknown = JSON.parse(affCode, (key, item: unknown) => {
      if (key.includes('\0') || (typeof item === 'string' && item.includes('\0'))) nul = true
      return item
    })
    return typeof value === 'object' && value !== null && !Array.isArray(value) && !nul
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, config } = deps
  const random = deps.randomBytes ?? randomBytes

  async function openSession(executor: Db, userId: number, now: Date): Promise<string> {
    const token = Buffer.from(random(32)).toString('hex')
    await repo.insertSession(executor, {
      userId,
      tokenHash: hashToken(token),
      now,
      expiresAt: new Date(now.getTime() + config.sessionTtlDays * DAY_MS),
    })
    return token
  }

  return {
    /**
     * SPEC §5 guest login: the device's guest, created on its first login unless creation
     * is off (6004) or this IP created too many guests in the last hour (null: the app says
     * "注册次数过多"). Every login opens a new session; earlier tokens stay valid until
     * logout or expiry, so two tabs logging in at once do not log each other out.
     */
    async guestLogin(input: { devID: string; affCode: string }, ip: string): Promise<LoginResult | null> {
      const now = new Date(deps.now())
      return db.transaction(async (tx) => {
        let user = await repo.findGuestByDevice(tx, input.devID)
        if (!user) {
          if (!config.guestCreation) {
            throw new AppError(BusinessCode.GuestCreationRefused, BUSINESS_MESSAGES[BusinessCode.GuestCreationRefused])
          }
          const recent = await repo.countGuestsCreatedFrom(tx, ip, new Date(now.getTime() - HOUR_MS))
          if (recent >= config.guestLimitPerIp) return null
          const channel = parseChannel(input.affCode)
          user =
            (await repo.insertGuest(tx, { deviceId: input.devID, affCode: input.affCode, channel, ip, now })) ??
            (await repo.findGuestByDevice(tx, input.devID))
          if (!user) throw new Error('guest vanished after a conflicting insert')
        }
        const token = await openSession(tx, user.id, now)
        return { ...toUserInfo(user), token }
      })
    },

    /** Own info (with the caller's token, SPEC §5) or another user's public info. */
    async userInfo(session: SessionUser, token: string, userId: number | undefined) {
      const id = userId ?? session.userId
      const user = await repo.findUserById(db, id)
      if (!user) throw new AppError(BusinessCode.NotFound, '用户不存在')
      return id === session.userId ? { ...toUserInfo(user), token } : toPublicUserInfo(user)
    },

    async logout(token: string) {
      if (!token) return
      await repo.revokeSession(db, hashToken(token), new Date(deps.now()))
      deps.sessions.forget(token)
    },

    async addOnlineTime(session: SessionUser, seconds: number) {
      // The calendar day in Asia/Shanghai, so daily totals roll over at the users' midnight.
      const day = formatDate(Math.floor(deps.now() / 1000)).slice(0, 10)
      if (seconds > 0) await repo.addOnlineSeconds(db, session.userId, day, seconds)
      return { totalSeconds: await repo.totalOnlineSeconds(db, session.userId) }
    },
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>
