import type { LoginResult } from '../../../core/contracts/session.ts'
import { formatDate } from '../../../core/format/date.ts'
import { BUSINESS_MESSAGES, BusinessCode } from '../../../core/protocol/codes.ts'
import { AppError } from '../../errors.ts'
import { createFailureLimit } from '../../plugins/failure-limit.ts'
import { hashToken, type SessionUser } from '../../plugins/session.ts'
import { createCredentialService } from './credentials.ts'
import type { AccountsContext, AccountsDeps } from './deps.ts'
import { createDeviceService } from './devices.ts'
import { createPasswordService } from './passwords.ts'
import { createPhoneService } from './phone.ts'
import { createProfileService } from './profile.ts'
import * as repo from './repo.ts'
import { createSignIn } from './sign-in.ts'
import { toPublicUserInfo, toUserInfo } from './user-info.ts'

/** Live sessions a guest's device keeps; a login past it revokes the oldest. */
export const MAX_SESSIONS_PER_DEVICE = 5
const HOUR_MS = 3600 * 1000
/** Wrong passwords, codes or credentials one address or account may send in FAILURE_WINDOW_SECONDS. */
export const MAX_FAILURES = 25
const FAILURE_WINDOW_SECONDS = 300

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
  const signIn = createSignIn(deps)
  const context: AccountsContext = {
    ...deps,
    signIn,
    failures: createFailureLimit(
      { name: 'accounts', maxFailures: MAX_FAILURES, windowSeconds: FAILURE_WINDOW_SECONDS },
      deps.counters,
    ),
  }

  return {
    passwords: createPasswordService(context),
    devices: createDeviceService(context),
    phone: createPhoneService(context),
    credentials: createCredentialService(context),
    profile: createProfileService(context),

    /**
     * Guest login: the device's guest, created on its first login unless creation
     * is off (6004) or this IP created too many guests in the last hour (null: the app says
     * "注册次数过多"). Every login opens a new session; earlier tokens stay valid until
     * logout, expiry or MAX_SESSIONS_PER_DEVICE newer logins, so two tabs logging in at once do
     * not log each other out. A new guest whose affCode carries an `inviteCode` (an invite link)
     * is bound to that inviter when the rules allow; a refused code never fails the login.
     */
    async guestLogin(
      input: { devID: string; affCode: string },
      ip: string,
      deviceName = '',
    ): Promise<LoginResult | null> {
      const now = new Date(deps.now())
      const result = await db.transaction(async (tx) => {
        // One device's logins one after another, so the session bound holds however they race.
        await repo.lockDevice(tx, input.devID)
        let user = await repo.findGuestByDevice(tx, input.devID)
        if (!user) {
          if (!config.guestCreation) {
            throw new AppError(BusinessCode.GuestCreationRefused, BUSINESS_MESSAGES[BusinessCode.GuestCreationRefused])
          }
          // Count and insert as one step per IP: a lock held to commit, so the next login from this
          // IP counts this guest (under READ COMMITTED racing logins all counted the same guests);
          // it waits where SERIALIZABLE would fail and need a retry.
          await repo.lockGuestCreationFrom(tx, ip)
          const recent = await repo.countGuestsCreatedFrom(tx, ip, new Date(now.getTime() - HOUR_MS))
          if (recent >= config.guestLimitPerIp) return null
          const channel = parseChannel(input.affCode)
          const created = await repo.insertGuest(tx, {
            deviceId: input.devID,
            affCode: input.affCode,
            channel,
            ip,
            now,
          })
          const inviteCode = channel?.inviteCode
          if (created && typeof inviteCode === 'string' && deps.invites) {
            await deps.invites.bindNewGuest(tx, { userId: created.id, inviteCode, ip }, now)
          }
          user = created ?? (await repo.findGuestByDevice(tx, input.devID))
          if (!user) throw new Error('guest vanished after a conflicting insert')
        }
        const token = await signIn.openSession(tx, user.id, { deviceId: input.devID, deviceName }, now)
        const revoked = await repo.revokeSessionsBeyond(tx, user.id, MAX_SESSIONS_PER_DEVICE, now)
        return { login: { ...toUserInfo(user, now), token }, revoked }
      })
      if (!result) return null
      // After the commit: a lookup between a forget and the commit would remember the session again.
      await deps.sessions.forgetHashes(result.revoked)
      return result.login
    },

    /** Own info (with the caller's token) or another user's public info. */
    async userInfo(session: SessionUser, token: string, userId: number | undefined) {
      const id = userId ?? session.userId
      const user = await repo.findUserById(db, id)
      if (!user) throw new AppError(BusinessCode.NotFound, '用户不存在')
      const now = new Date(deps.now())
      return id === session.userId ? { ...toUserInfo(user, now), token } : toPublicUserInfo(user, now)
    },

    async logout(token: string) {
      if (!token) return
      await repo.revokeSession(db, hashToken(token), new Date(deps.now()))
      await deps.sessions.forget(token)
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
