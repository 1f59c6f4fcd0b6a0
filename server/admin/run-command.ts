import { CommandError, UsageError, type AdminRun, type AdminServices } from './command.ts'
import { COMMANDS, OFFLINE_COMMANDS } from './commands.ts'

/** One command as the operator typed it; `cwd` is where, for the relative paths in `args`. */
export interface AdminRequest {
  command: string
  args: string[]
  cwd: string
}

/** What the operator sees: the result, or an error; `usage` makes the exit code 2 instead of 1. */
export type AdminAnswer = { ok: true; output: string } | { ok: false; error: string; usage: boolean }

export interface PreparedCommand {
  name: string
  run: AdminRun
}

/** Every command with its arguments and summary, for `npm run admin` alone and unknown names. */
export function commandList(): string {
  const lines = Object.entries({ ...COMMANDS, ...OFFLINE_COMMANDS }).map(
    ([name, command]) => `  ${name} ${command.usage}\n      ${command.summary}`,
  )
  return `usage: npm run admin -- <command> [arguments]\n\ncommands:\n${lines.join('\n')}`
}

function usageAnswer(name: string, message: string): AdminAnswer {
  const command = COMMANDS[name]!
  return { ok: false, usage: true, error: `${name}: ${message}\nusage: npm run admin -- ${name} ${command.usage}` }
}

/**
 * Looks the command up and parses its arguments, opening nothing: an unknown name or bad
 * arguments are answered here. The CLI and the control socket both start with this, so a
 * command behaves the same whichever path carries it.
 */
export function prepareCommand(request: AdminRequest): PreparedCommand | AdminAnswer {
  const command = Object.hasOwn(COMMANDS, request.command) ? COMMANDS[request.command] : undefined
  if (!command && Object.hasOwn(OFFLINE_COMMANDS, request.command)) {
    // The CLI runs these itself; a running server holds the database they work on.
    return { ok: false, usage: false, error: `${request.command} runs only with the server stopped` }
  }
  if (!command) return { ok: false, usage: true, error: `unknown command ${request.command}\n\n${commandList()}` }
  try {
    return { name: request.command, run: command.parse(request.args, request.cwd) }
  } catch (error) {
    if (error instanceof UsageError) return usageAnswer(request.command, error.message)
    throw error
  }
}

/**
 * Runs a prepared command. A refusal (UsageError, CommandError) is answered as such; any other
 * error is answered with its message and handed to `onUnexpected`, for the server's log.
 */
export async function runCommand(
  prepared: PreparedCommand,
  services: AdminServices,
  onUnexpected: (error: unknown) => void = () => {},
): Promise<AdminAnswer> {
  try {
    return { ok: true, output: await prepared.run(services) }
  } catch (error) {
    if (error instanceof UsageError) return usageAnswer(prepared.name, error.message)
    if (!(error instanceof CommandError)) onUnexpected(error)
    return { ok: false, usage: false, error: `${prepared.name}: ${(error as Error).message}` }
  }
}
