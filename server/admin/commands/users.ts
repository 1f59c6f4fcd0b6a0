import { ACCOUNT_PATTERN, normaliseMobile } from '../../../core/contracts/account-rules.ts'
import { MAX_ID } from '../../../core/contracts/fields.ts'
import { formatDate } from '../../../core/format/date.ts'
import { formatMoney } from '../../../core/format/money.ts'
import type { Db } from '../../db/client.ts'
import { SESSION_CACHE_MS } from '../../plugins/session.ts'
import * as repo from '../../modules/accounts/repo.ts'
import { revokeAllSessions } from '../../modules/accounts/sign-in.ts'
import { soleIdArg } from '../args.ts'
import { CommandError, UsageError, type AdminCommand } from '../command.ts'

/**
 * The operator's view of users and their sessions. Password and credential hashes are never
 * printed; the bound number is, in full (the operator answers the owner's questions about it).
 */

const POSITIVE_INT = /^[1-9]\d*$/

const at = (date: Date | null) => (date ? formatDate(Math.floor(date.getTime() / 1000)) : '-')

async function existingUser(db: Db, userId: number) {
  const user = await repo.findUserById(db, userId)
  if (!user) throw new CommandError(`no user with id ${userId}`)
  return user
}

/** `user:show <id|account|mobile>`: an id first, then a mobile number, then a login name. */
export const userShow: AdminCommand = {
  usage: '<id|account|mobile>',
  summary: 'show a user: account, bound number, nickname, balance, VIP, live sessions (never a password or credential)',
  parse(args) {
    const [text, ...extra] = args
    if (text === undefined) throw new UsageError('an id, account or mobile number is required')
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`)
    const id = POSITIVE_INT.test(text) && Number(text) <= MAX_ID ? Number(text) : null
    const mobile = normaliseMobile(text)
    const account = ACCOUNT_PATTERN.test(text) ? text : null
    if (id === null && mobile === null && account === null) {
      throw new UsageError(`${text}: not a user id, account name or mainland mobile number`)
    }
    return async ({ db, now }) => {
      const user =
        (id !== null ? await repo.findUserById(db, id) : null) ??
        (mobile !== null ? await repo.findUserByMobile(db, mobile) : null) ??
        (account !== null ? await repo.findUserByAccount(db, account) : null)
      if (!user) throw new CommandError(`no user with id, mobile number or account ${text}`)
      const vip = (
        [
          ['normal', user.normalVipType, user.normalVipExpire],
          ['supreme', user.supremeVipType, user.supremeVipExpire],
          ['dark', user.darkVipType, user.darkVipExpire],
        ] as const
      )
        .map(([line, type, expire]) => `${line} ${expire ? `type ${type} until ${at(expire)}` : 'none'}`)
        .join(', ')
      const live = await repo.countLiveSessions(db, user.id, new Date(now()))
      return [
        `user ${user.id}`,
        `  account   ${user.account ?? '-'}`,
        `  mobile    ${user.mobile ?? '-'}`,
        `  nickname  ${user.nickname || `(none, shown as 游客${user.id})`}`,
        `  guest     ${user.isGuest ? 'yes' : 'no'}`,
        `  password  ${user.passwordHash ? 'set' : 'none'}`,
        `  card      ${user.credentialCreatedAt ? `made ${at(user.credentialCreatedAt)}` : 'none'}`,
        `  balance   ${user.balance} (${formatMoney(user.balance)})`,
        `  vip       ${vip}`,
        `  sessions  ${live} live`,
        `  created   ${at(user.createdAt)}`,
      ].join('\n')
    }
  },
}

/** `user:sessions <id>`: every session of the user, newest first, live or not. */
export const userSessions: AdminCommand = {
  usage: '<id>',
  summary: "list a user's sessions, newest first: device, created, last seen, and whether it still works",
  parse(args) {
    const userId = soleIdArg(args, 'user')
    return async ({ db, now }) => {
      await existingUser(db, userId)
      const rows = await repo.listSessions(db, userId)
      if (rows.length === 0) return `user ${userId}: no sessions`
      const nowMs = now()
      const lines = rows.map((row) => {
        const state = row.revokedAt
          ? `revoked ${at(row.revokedAt)}`
          : row.expiresAt.getTime() <= nowMs
            ? `expired ${at(row.expiresAt)}`
            : 'live'
        return `  #${row.id}  ${row.deviceName || '未知设备'}  created ${at(row.createdAt)}  last seen ${at(row.lastSeenAt)}  ${state}`
      })
      return [`user ${userId}: ${rows.length} sessions`, ...lines].join('\n')
    }
  },
}

/** `user:revoke <id>`: ends every session of the user; the account itself stays as it is. */
export const userRevoke: AdminCommand = {
  usage: '<id>',
  summary: 'end every session of a user (each device must log in again)',
  parse(args) {
    const userId = soleIdArg(args, 'user')
    return async ({ config, db, now, sessions }) => {
      await existingUser(db, userId)
      const revoked = await db.transaction((tx) => revokeAllSessions(tx, userId, new Date(now())))
      // Run inside the server (the control socket), its session lookup forgets them at once.
      const told = await sessions?.forgetHashes(revoked)
      // With REDIS_URL the server's lookup tells every process (server/plugins/README.md).
      const within = `within ${SESSION_CACHE_MS / 1000} s`
      const where = !sessions
        ? `a running server stops trusting them ${within}`
        : !config.redisUrl
          ? `this server forgot them at once, any other ${within}`
          : told
            ? 'every server process forgot them at once'
            : `this server forgot them at once; Redis did not take the message (see the server log), so the others ${within}`
      return `user ${userId}: ${revoked.length} sessions ended; ${where}`
    }
  },
}
