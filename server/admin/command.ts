import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'

/** Bad arguments: printed with the command's usage, exit code 2, nothing opened or changed. */
export class UsageError extends Error {
  override name = 'UsageError'
}

export interface AdminContext {
  config: Config
  /**
   * Opens the server's database (migrated) on first call; the CLI closes it. Parse and check
   * the arguments before calling it, so bad input opens nothing.
   */
  db: () => Promise<Db>
  /** Milliseconds, like Date.now. */
  now: () => number
  /** One line of output. */
  print: (line: string) => void
}

/** One `npm run admin -- <name> …` command: an entry of COMMANDS (server/admin/commands.ts). */
export interface AdminCommand {
  /** Arguments after the name, e.g. `<userId> <diamonds> --reason <text>`. */
  usage: string
  summary: string
  /** Resolves to the exit code (0 when done); throws UsageError for bad arguments. */
  run: (args: readonly string[], context: AdminContext) => Promise<number>
}
