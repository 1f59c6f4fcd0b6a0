import type { InputOf } from '../../../core/contracts/call.ts'
import { ACCOUNT_PATTERN } from '../../../core/contracts/account-rules.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import type { LoginResult } from '../../../core/contracts/session.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { isUniqueViolation } from '../../db/unique-violation.ts'
import { businessError } from '../../errors.ts'
import { failureKey } from '../../plugins/failure-limit.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { AccountsContext } from './deps.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from './password-hash.ts'
import * as repo from './repo.ts'
import { revokeAllSessions, type Caller } from './sign-in.ts'

/** The failure counters' keys: one per client address, one per login name (any case). */

/** Register, log in and change the password of an account with a login name. */
export function createPasswordService(context: AccountsContext) {
  const { db, signIn, failures } = context
  // Made now, so the first login of an unknown account does not take longer than the others.
  void dummyPasswordHash()

  return {
    /**
     * A guest caller becomes the account (same id, everything kept, a fresh token; its earlier
     * tokens stop working); a caller without a session gets a new account. Names taken count as
     * failures of the address, so nobody lists the accounts by registering.
     */
    async register(
      input: InputOf<typeof calls.loginAccountRegister>,
      caller: Caller,
      ip: string,
    ): Promise<LoginResult> {
      const attempt = await failures.attempt([failureKey.address(ip)])
      if (caller.user) {
        const holder = await repo.findUserById(db, caller.user.userId)
        if (holder && !holder.isGuest) throw businessError(BusinessCode.AlreadyAccount)
      }
      const passwordHash = await hashPassword(input.password)
      const now = new Date(context.now())
      try {
        const result = await db.transaction(async (tx) => {
          if (await repo.findUserByAccount(tx, input.account)) throw businessError(BusinessCode.AccountTaken)
          let userId: number
          let afterConvert = async () => {}
          if (caller.user) {
            const guest = await repo.findUserById(tx, caller.user.userId)
            // A guest has nickname '' (shown as 游客<id>): the account's name takes its place.
            const nickname = guest?.nickname || input.account
            const converted = await signIn.becomeAccount(
              tx,
              caller.user.userId,
              { account: input.account, passwordHash, nickname },
              now,
            )
            if (!converted.converted) throw businessError(BusinessCode.AlreadyAccount)
            userId = caller.user.userId
            afterConvert = converted.after
          } else {
            userId = (await repo.insertAccount(tx, { account: input.account, passwordHash, ip, now })).id
          }
          const signedIn = await signIn.signInAs(tx, userId, caller, now)
          return {
            login: signedIn.login,
            after: async () => {
              await afterConvert()
              await signedIn.after()
            },
          }
        })
        await result.after()
        await attempt.succeeded()
        return result.login
      } catch (error) {
        // Two registrations of one name at once: the index decides, the loser hears it is taken.
        if (isUniqueViolation(error, 'users_account_lower_key')) throw businessError(BusinessCode.AccountTaken)
        throw error
      }
    },

    /**
     * An unknown account and a wrong password give the same answer after the same work: one
     * argon2 verification (against a dummy hash when there is no account), one failure counted
     * for the address and for the name.
     */
    async login(input: InputOf<typeof calls.loginAccountLogin>, caller: Caller, ip: string): Promise<LoginResult> {
      // A name outside the rules names no account: it is neither looked up nor counted as one (the
      // database's lower() and JavaScript's toLowerCase differ beyond ASCII).
      const wellFormed = ACCOUNT_PATTERN.test(input.account)
      const accountKey = failureKey.account(input.account)
      const attempt = await failures.attempt(
        wellFormed ? [failureKey.address(ip), accountKey] : [failureKey.address(ip)],
      )
      const user = wellFormed ? await repo.findUserByAccount(db, input.account) : null
      const matches = await verifyPassword(user?.passwordHash ?? null, input.password)
      if (!user || !matches) throw businessError(BusinessCode.LoginFailed)
      await attempt.succeeded()
      await failures.forget(accountKey)
      const result = await db.transaction((tx) => signIn.signInAs(tx, user.id, caller, new Date(context.now())))
      await result.after()
      return result.login
    },

    /** Ends every other session of the account; the caller's stays. */
    async changePassword(input: InputOf<typeof calls.userChangePassword>, session: SessionUser): Promise<null> {
      const user = await repo.findUserById(db, session.userId)
      if (!user || user.isGuest || !user.passwordHash || !user.account) throw businessError(BusinessCode.NoPassword)
      const attempt = await failures.attempt([failureKey.account(user.account)])
      if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
        throw businessError(BusinessCode.WrongOldPassword)
      await attempt.succeeded()
      const passwordHash = await hashPassword(input.newPassword)
      const now = new Date(context.now())
      const revoked = await db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, user.id, passwordHash)
        return revokeAllSessions(tx, user.id, now, session.sessionId)
      })
      await context.sessions.forgetHashes(revoked)
      return null
    },
  }
}
