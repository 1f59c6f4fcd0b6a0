import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { CounterStore, FailureLimit } from '../../plugins/failure-limit.ts'
import type { SessionLookup } from '../../plugins/session.ts'
import type { SignIn } from './sign-in.ts'
import type { SmsGateway } from './sms-gateway.ts'

/**
 * What invitations does inside accounts' transactions (server/modules/invitations/README.md):
 * bind a new guest that arrived by an invite link, and pay the inviter when a guest becomes an
 * account. Given by server/app.ts; absent, neither happens.
 */
export interface InviteHooks {
  bindNewGuest(tx: Db, guest: { userId: number; inviteCode: string; ip: string }, at: Date): Promise<void>
  onBecameAccount(tx: Db, userId: number, at: Date): Promise<void>
}

export interface AccountsDeps {
  db: Db
  config: Pick<Config, 'guestCreation' | 'guestLimitPerIp' | 'sessionTtlDays'>
  now: () => number
  /** Told of every session ended here, so this process stops trusting it at once. */
  sessions: Pick<SessionLookup, 'forget' | 'forgetHashes'>
  smsGateway: SmsGateway
  randomBytes?: (length: number) => Uint8Array
  invites?: InviteHooks
  /** Where failure counters live: null or absent, this process; REDIS_URL's Redis when processes share them. */
  counters?: CounterStore
}

/** What each part of the accounts service shares: the deps, the one sign-in and the failure counters. */
export interface AccountsContext extends AccountsDeps {
  signIn: SignIn
  /** Wrong passwords, codes and credentials, per client address and per account or number. */
  failures: FailureLimit
}
