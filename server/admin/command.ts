import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import type { SessionLookup } from '../plugins/session.ts'
import type { SmsGateway } from '../modules/accounts/sms-gateway.ts'
import type { PaymentServices } from '../modules/payments/orders.ts'

/** Bad arguments: answered with the command's usage, exit code 2, nothing changed. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** The CLI cannot do what it was asked (no database, no answer from the server): exit code 1. */
export class AdminError extends Error {
  override name = 'AdminError'
}

/** A refusal the operator can act on (an unknown user, say): exit code 1, nothing changed. */
export class CommandError extends Error {
  override name = 'CommandError'
}

/**
 * What a command runs against: the running server's own database and configuration when it
 * comes through the control socket, else the CLI's (server/admin/cli.ts).
 */
export interface AdminServices {
  config: Config
  db: Db
  /** Milliseconds, like Date.now. */
  now: () => number
  /**
   * The running server's session lookup, when the command runs inside it: sessions a command
   * ends are forgotten at once instead of within SESSION_CACHE_MS.
   */
  sessions?: Pick<SessionLookup, 'forgetHashes'>
  /** The running server's text-message gateway; absent when the CLI runs the command itself. */
  smsGateway?: SmsGateway
  /**
   * The running server's orders and payment provider; absent when the CLI runs the command
   * itself (the command then builds them from the configuration: server/admin/commands/orders.ts).
   */
  payments?: PaymentServices
  /** One line of progress, shown while the command runs (a long import's stages). */
  progress: (line: string) => void
}

/** Runs parsed arguments; resolves to the printable result. */
export type AdminRun = (services: AdminServices) => Promise<string>

/** One `npm run admin -- <name> …` command: an entry of COMMANDS (server/admin/commands.ts). */
export interface AdminCommand {
  /** Arguments after the name, e.g. `<userId> <diamonds> --reason <text>`. */
  usage: string
  summary: string
  /**
   * Checks the arguments before anything is opened (UsageError when malformed). `cwd` is the
   * operator's directory: a relative path is resolved against it, since the server that runs
   * the command through the socket has its own.
   */
  parse: (args: readonly string[], cwd: string) => AdminRun
}

/**
 * A command on the embedded database's files (db:backup, db:restore): the CLI runs it itself,
 * never through a running server, since it needs the server stopped; it takes the data-directory
 * lock to be sure. An entry of OFFLINE_COMMANDS (server/admin/commands.ts).
 */
export interface OfflineCommand {
  usage: string
  summary: string
  /** As AdminCommand's; the run function gets the configuration alone. */
  parse: (args: readonly string[], cwd: string) => (config: Config) => Promise<string>
}
