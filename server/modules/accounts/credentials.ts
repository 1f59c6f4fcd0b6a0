import { randomBytes } from 'node:crypto'
import type { ResponseOf } from '../../../core/contracts/call.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import type { LoginResult } from '../../../core/contracts/session.ts'
import { BUSINESS_MESSAGES, BusinessCode } from '../../../core/protocol/codes.ts'
import { AppError } from '../../errors.ts'
import { failureKey } from '../../plugins/failure-limit.ts'
import { hashToken, type SessionUser } from '../../plugins/session.ts'
import type { AccountsContext } from './deps.ts'
import * as repo from './repo.ts'
import type { Caller } from './sign-in.ts'

/** The version prefix of the QR card's text (CREDENTIAL_PATTERN). */
const CREDENTIAL_PREFIX = 'MQC1-'

/**
 * The account credential of the QR card: a random bearer secret, kept only as its SHA-256 (like
 * session tokens: 256 random bits need no slow hash). Guests may have one too: it recovers them.
 */
export function createCredentialService(context: AccountsContext) {
  const { db, failures } = context
  const random = context.randomBytes ?? randomBytes

  return {
    /** A new credential; the previous one stops working at once (its hash is replaced). */
    async issue(session: SessionUser): Promise<ResponseOf<typeof calls.userQrcode>> {
      const credential = `${CREDENTIAL_PREFIX}${Buffer.from(random(32)).toString('base64url')}`
      const now = new Date(context.now())
      await repo.setCredentialHash(db, session.userId, hashToken(credential), now)
      return { credential, createdAt: Math.floor(now.getTime() / 1000) }
    },

    /** Signs the credential's user in on the caller's device; unknown credentials count against the address. */
    async login(credential: string, caller: Caller, ip: string): Promise<LoginResult> {
      const attempt = await failures.attempt([failureKey.address(ip)])
      const user = await repo.findUserByCredentialHash(db, hashToken(credential))
      if (!user) throw new AppError(BusinessCode.CredentialInvalid, BUSINESS_MESSAGES[BusinessCode.CredentialInvalid])
      await attempt.succeeded()
      const result = await db.transaction((tx) => context.signIn.signInAs(tx, user.id, caller, new Date(context.now())))
      await result.after()
      return result.login
    },
  }
}
