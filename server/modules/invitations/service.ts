import { randomBytes as nodeRandomBytes } from 'node:crypto'
import type { InviteIncome } from '../../../core/contracts/invitations.ts'
import { PAGE_SIZE } from '../../../core/contracts/media.ts'
import { OrderKind } from '../../../core/contracts/payments.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import { createFailureLimit, failureKey, type CounterStore } from '../../plugins/failure-limit.ts'
import type { SessionUser } from '../../plugins/session.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import { inviteRegisteredMessage, inviteShareMessage } from '../messages/events.ts'
import { writeMessage } from '../messages/write.ts'
import { RefType } from '../wallet/repo.ts'
import type { WalletService } from '../wallet/service.ts'
import { dayStart } from '../welfare/days.ts'
import { creditPointsIn, PointsRefType } from '../welfare/points.ts'
import * as repo from './repo.ts'
import { InviteReason, InviteSource } from './repo.ts'

/** Letters and digits nobody misreads (no 0/O, 1/I/L): codes are typed from a poster. */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const INVITE_CODE_LENGTH = 8
const INVITE_CODE_PATTERN = new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`)
/** Tries at a free code: 31^8 codes, so a second try is already rare. */
const CODE_ATTEMPTS = 5

/** Wrong invite codes (7064) one account, or one address, may type in WRONG_CODE_WINDOW_SECONDS. */
export const MAX_WRONG_INVITE_CODES = 10
const WRONG_CODE_WINDOW_SECONDS = 3600

const INVITEES_LIST = 'invitees'

/** A code as typed: case, spaces and dashes do not matter. */
export const normaliseInviteCode = (text: string) => text.toUpperCase().replace(/[\s-]/g, '')

/** A random code of INVITE_CODE_ALPHABET, each character uniform (bytes past 248 are drawn again). */
export function newInviteCode(random: (size: number) => Uint8Array): string {
  const limit = 256 - (256 % INVITE_CODE_ALPHABET.length)
  let code = ''
  while (code.length < INVITE_CODE_LENGTH) {
    for (const byte of random(INVITE_CODE_LENGTH)) {
      if (byte < limit && code.length < INVITE_CODE_LENGTH)
        code += INVITE_CODE_ALPHABET[byte % INVITE_CODE_ALPHABET.length]
    }
  }
  return code
}

export interface InvitationsDeps {
  db: Db
  now: () => number
  config: Pick<Config, 'inviteShare' | 'inviteRegisterPoints' | 'inviteDailyCap' | 'inviteIpDailyCap'>
  wallet: Pick<WalletService, 'creditIn'>
  randomBytes?: (size: number) => Uint8Array
  /** Where failure counters live: null or absent, this process; REDIS_URL's Redis when processes share them. */
  counters?: CounterStore
}

/** Why a binding was refused: 7064–7067. */
type Refusal =
  | typeof BusinessCode.InviteCodeWrong
  | typeof BusinessCode.InviterBound
  | typeof BusinessCode.SelfInvite
  | typeof BusinessCode.InviteLimit

/**
 * Invitations (README.md): invite codes, binding an inviter once, and the inviter's rewards,
 * paid inside the transactions of the events that earn them (an invitee becoming an account, a
 * paid top-up) through the hooks accounts and payments are given.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  const { db, config } = deps
  const random = deps.randomBytes ?? ((size: number) => new Uint8Array(nodeRandomBytes(size)))
  const wrongCodes = createFailureLimit(
    { name: 'invite-codes', maxFailures: MAX_WRONG_INVITE_CODES, windowSeconds: WRONG_CODE_WINDOW_SECONDS },
    deps.counters,
  )

  /** The user's code, made on first use; racing first uses agree on one. */
  async function codeOf(userId: number): Promise<string> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const existing = await repo.findCode(db, userId)
      if (existing) return existing
      const code = newInviteCode(random)
      if (await repo.insertCode(db, userId, code)) return code
    }
    throw new Error(`no free invite code after ${CODE_ATTEMPTS} attempts`)
  }

  /**
   * Pays the inviter for an invitee who became an account, once: `registered_at` is set only
   * while null (with the points paid, for the audit), and the points ledger's unique (ref,
   * reason) backs it.
   */
  async function rewardRegistration(tx: Db, inviteeId: number, at: Date) {
    const points = config.inviteRegisterPoints
    const inviterId = await repo.markRegistered(tx, inviteeId, at, points)
    if (inviterId === null || points === 0) return
    await creditPointsIn(
      tx,
      inviterId,
      points,
      { reason: InviteReason.Register, refType: PointsRefType.Invite, refId: inviteeId },
      at,
    )
    const invitee = await repo.findUser(tx, inviteeId)
    if (invitee) await writeMessage(tx, inviteRegisteredMessage({ inviterId, invitee, points }), at)
  }

  /**
   * Binds `inviteeId` to the code's owner, in the caller's transaction, or answers why not
   * (nothing written): an unknown code, an inviter already, oneself (the same account, a device
   * both used, or a cycle: the inviter was invited, directly or not, by the invitee), past a cap.
   * The issue pays the inviter when the invitee registers: an account binding now registered
   * before it, so it is recorded as registered with nothing paid.
   */
  async function bind(
    tx: Db,
    input: { inviteeId: number; code: string; source: repo.InviteSource; ip: string },
    at: Date,
  ): Promise<{ inviter: { id: number; nickname: string } } | { refused: Refusal }> {
    const inviter = await ownerOf(tx, input.code)
    if (!inviter) return { refused: BusinessCode.InviteCodeWrong }
    if (input.source === InviteSource.Code) await repo.lockBindings(tx)
    const invitee = await repo.lockUser(tx, input.inviteeId)
    if (!invitee) throw new Error(`user ${input.inviteeId} vanished while binding an inviter`)
    if (await repo.findInvite(tx, invitee.id)) return { refused: BusinessCode.InviterBound }
    if (
      inviter.id === invitee.id ||
      (await repo.shareDevice(tx, invitee.id, inviter.id)) ||
      (await repo.isUpTheChain(tx, invitee.id, inviter.id))
    ) {
      return { refused: BusinessCode.SelfInvite }
    }
    // Counted under the locks, so racing bindings cannot both take the last place.
    await repo.lockInviter(tx, inviter.id)
    await repo.lockAddress(tx, input.ip)
    const since = dayStart(at.getTime())
    if (
      (await repo.countInvitesOf(tx, inviter.id, since)) >= config.inviteDailyCap ||
      (await repo.countInvitesFrom(tx, input.ip, since)) >= config.inviteIpDailyCap
    ) {
      return { refused: BusinessCode.InviteLimit }
    }
    const inserted = await repo.insertInvite(tx, {
      inviteeId: invitee.id,
      inviterId: inviter.id,
      source: input.source,
      ip: input.ip,
      createdAt: at,
      sharePercent: config.inviteShare,
      ...(invitee.isGuest ? {} : { registeredAt: at, registerPoints: 0 }),
    })
    if (!inserted) return { refused: BusinessCode.InviterBound }
    return { inviter }
  }

  /** The owner of a code as typed, or null for one that is nobody's. */
  async function ownerOf(db: Db, typed: string) {
    const code = normaliseInviteCode(typed)
    return INVITE_CODE_PATTERN.test(code) ? await repo.findCodeOwner(db, code) : null
  }

  return {
    codeOf,

    /**
     * user/redeem: binds the caller to the code's owner, or refuses with 7064–7067 (nothing
     * changed). Wrong codes (7064) count against the account and the address; past either limit
     * every try is refused with 4290 until the window passes, so codes cannot be walked.
     */
    async redeem(session: SessionUser, code: string, ip: string) {
      const keys = [failureKey.user(session.userId), failureKey.address(ip)]
      await wrongCodes.refuseSpent(keys)
      const at = new Date(deps.now())
      const result = await db.transaction((tx) =>
        bind(tx, { inviteeId: session.userId, code, source: InviteSource.Code, ip }, at),
      )
      if ('refused' in result) {
        if (result.refused === BusinessCode.InviteCodeWrong) await wrongCodes.failed(keys)
        throw businessError(result.refused)
      }
      return { id: result.inviter.id, nickname: result.inviter.nickname || `游客${result.inviter.id}` }
    },

    /** user/invite/income: the caller's code, totals and a page of invitees with what each earned. */
    async income(session: SessionUser, cursor: string | undefined): Promise<InviteIncome> {
      const after = decodeCursor(INVITEES_LIST, cursor)
      const [code, totals, rows] = [
        await codeOf(session.userId),
        await repo.incomeTotals(db, session.userId),
        await repo.listInvitees(db, session.userId, after, PAGE_SIZE + 1),
      ]
      const shown = rows.slice(0, PAGE_SIZE)
      const last = shown.at(-1)
      return {
        code,
        totals,
        invitees: {
          items: shown.map((row) => ({
            id: row.id,
            nickname: row.nickname || `游客${row.id}`,
            avatar: row.avatar,
            registered: row.registered,
            joinedAt: Math.floor(row.joinedMs / 1000),
            diamonds: row.diamonds,
            points: row.points,
          })),
          nextCursor:
            rows.length > PAGE_SIZE && last ? encodeCursor(INVITEES_LIST, { key: last.joinedMs, id: last.id }) : null,
        },
      }
    },

    /** The hooks the accounts module runs inside its transactions. */
    accountHooks: {
      /**
       * A new guest that arrived by an invite link: bound when the rules allow. A refusal is not
       * the guest's problem: the login goes on without an inviter.
       */
      async bindNewGuest(tx: Db, guest: { userId: number; inviteCode: string; ip: string }, at: Date) {
        await bind(tx, { inviteeId: guest.userId, code: guest.inviteCode, source: InviteSource.Link, ip: guest.ip }, at)
      },
      /** A guest became an account: its inviter is paid once. */
      onBecameAccount: rewardRegistration,
    },

    /**
     * Inside the transaction crediting a paid diamond top-up: the inviter of its buyer gets
     * floor(diamonds × INVITE_SHARE / 100) (the bonus earns none), once per order (the wallet
     * ledger's unique (ref, reason) of orders).
     */
    async onTopUpCredited(tx: Db, order: { id: number; userId: number; kind: string; diamonds: number }) {
      if (order.kind !== OrderKind.Diamonds) return
      const invite = await repo.findInvite(tx, order.userId)
      if (!invite) return
      // The rate the invitee was bound at: a changed INVITE_SHARE applies to new invitees.
      const share = Math.floor((order.diamonds * invite.sharePercent) / 100)
      if (share <= 0) return
      const ref = { reason: InviteReason.Share, refType: RefType.Order, refId: order.id }
      await deps.wallet.creditIn(tx, invite.inviterId, share, ref)
      const invitee = await repo.findUser(tx, order.userId)
      if (!invitee) return
      const message = inviteShareMessage({
        inviterId: invite.inviterId,
        invitee,
        orderId: order.id,
        diamonds: share,
      })
      await writeMessage(tx, message, new Date(deps.now()))
    },
  }
}

export type InvitationsService = ReturnType<typeof createInvitationsService>
