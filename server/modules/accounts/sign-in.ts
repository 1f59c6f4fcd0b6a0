import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { LoginResult } from '../../../core/contracts/session.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { sessions, users } from '../../db/schema/accounts.ts'
import { hashToken, type SessionLookup, type SessionUser } from '../../plugins/session.ts'
import type { InviteHooks } from './deps.ts'
import * as repo from './repo.ts'
import { toUserInfo } from './user-info.ts'

const DAY_MS = 24 * 3600 * 1000

/** Where a login happens: the app's device id (when it sent one) and a name for the devices list. */
export interface LoginDevice {
  deviceId: string
  deviceName: string
}

/** What a login call knows about its caller. */
export interface Caller {
  /** The caller's session, or null when anonymous. */
  user: SessionUser | null
  /** The caller's token ('' when anonymous). */
  token: string
  device: LoginDevice
}

const MAX_DEVICE_NAME = 64

/**
 * `Android · Chrome 131` from X-User-Agent (`DevType=Android;…;Browser=Chrome/131.0`, values
 * URI-encoded); '' when it names neither. Only shown to the account's owner.
 */
export function deviceNameOf(xUserAgent: string | undefined): string {
  const fields = new Map<string, string>()
  for (const part of (xUserAgent ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    try {
      fields.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1)))
    } catch {
      // A malformed escape: that field is left out.
    }
  }
  const [browser = '', version = ''] = (fields.get('Browser') ?? '').split('/')
  const major = version.split('.')[0]
  const name = [fields.get('DevType'), browser && `${browser}${major ? ` ${major}` : ''}`].filter(Boolean).join(' · ')
  return name.replace(/\p{Cc}/gu, '').slice(0, MAX_DEVICE_NAME)
}

export interface SignInDeps {
  db: Db
  config: Pick<Config, 'sessionTtlDays'>
  now: () => number
  sessions: Pick<SessionLookup, 'forget' | 'forgetHashes'>
  randomBytes?: (length: number) => Uint8Array
  invites?: Pick<InviteHooks, 'onBecameAccount'>
}

/**
 * The one way every login path (password, phone, credential, register) ends: a session for the
 * account, replacing the caller's guest session on this device, and the guest-becomes-account
 * step. Each function takes the caller's transaction; `after` runs once it has committed, so a
 * lookup between the forget and the commit cannot remember a revoked session again.
 */
export function createSignIn(deps: SignInDeps) {
  const random = deps.randomBytes ?? randomBytes

  async function openSession(tx: Db, userId: number, device: LoginDevice, now: Date): Promise<string> {
    const token = Buffer.from(random(32)).toString('hex')
    await tx.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      deviceId: device.deviceId || null,
      deviceName: device.deviceName,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + deps.config.sessionTtlDays * DAY_MS),
    })
    return token
  }

  return {
    openSession,

    /**
     * Signs `userId` in on the caller's device. The session the caller held there as someone else
     * ends (a guest's data stays with the guest): the device now belongs to this account.
     */
    async signInAs(tx: Db, userId: number, caller: Caller, now: Date) {
      const revoked: string[] = []
      if (caller.user && caller.user.userId !== userId) {
        await repo.revokeSession(tx, hashToken(caller.token), now)
        revoked.push(hashToken(caller.token))
      }
      const token = await openSession(tx, userId, caller.device, now)
      const user = await repo.findUserById(tx, userId)
      if (!user) throw new Error(`user ${userId} vanished while signing in`)
      const login: LoginResult = { ...toUserInfo(user, now), token }
      return { login, after: async () => void (await deps.sessions.forgetHashes(revoked)) }
    },

    /**
     * A guest becomes an account: same id, so its balance, purchases, favourites, history and VIP
     * stay. Its device no longer logs in as it (`login/guest` there makes a new guest), and
     * every session it had ends: the caller signs in afresh with `signInAs`. Answers false when
     * the user is not a guest (any more).
     */
    async becomeAccount(
      tx: Db,
      userId: number,
      patch: Partial<Pick<typeof users.$inferInsert, 'account' | 'passwordHash' | 'mobile' | 'nickname'>>,
      now: Date,
    ) {
      // Until this commits, the guest's device cannot log in as it (login/guest takes the same lock),
      // so no session opens between the update and the revocation below.
      const [guest] = await tx.select({ deviceId: users.deviceId }).from(users).where(eq(users.id, userId))
      if (guest?.deviceId) await repo.lockDevice(tx, guest.deviceId)
      const converted = await tx
        .update(users)
        .set({ ...patch, isGuest: false, deviceId: null })
        .where(and(eq(users.id, userId), eq(users.isGuest, true)))
        .returning({ id: users.id })
      if (converted.length === 0) return { converted: false, after: async () => {} }
      // Every way a guest becomes an account passes here: its inviter's reward, in this transaction.
      await deps.invites?.onBecameAccount(tx, userId, now)
      const revoked = await revokeAllSessions(tx, userId, now)
      return { converted: true, after: async () => void (await deps.sessions.forgetHashes(revoked)) }
    },
  }
}

/** Ends every live session of a user but `keepSessionId`; answers their token hashes. */
export async function revokeAllSessions(tx: Db, userId: number, now: Date, keepSessionId?: number): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash })
  return rows.map((row) => row.tokenHash)
}

export type SignIn = ReturnType<typeof createSignIn>
