import { MAX_ID } from '../../../core/contracts/fields.ts'
import { UsageError } from '../command.ts'

/**
 * Arguments of the support commands (feedback:*, faq:*): positionals, `--name value` /
 * `--name=value` options of the names given, and bare `--flag`s of the flags given.
 */
export function supportArgs(
  args: readonly string[],
  spec: { options?: readonly string[]; flags?: readonly string[]; positionals: number },
) {
  const positional: string[] = []
  const options = new Map<string, string>()
  const flags = new Set<string>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (!arg.startsWith('--')) {
      if (positional.length === spec.positionals) throw new UsageError(`unexpected argument ${arg}`)
      positional.push(arg)
      continue
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined]
    if (spec.flags?.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`)
      flags.add(name)
      continue
    }
    if (!spec.options?.includes(name)) throw new UsageError(`unknown option ${arg}`)
    const value = inline ?? args[++i]
    if (value === undefined) throw new UsageError(`--${name} needs a value`)
    options.set(name, value)
  }
  return { positional, options, flags }
}

export function idArg(text: string | undefined, what: string): number {
  if (text === undefined) throw new UsageError(`a ${what} id is required`)
  if (!/^[1-9]\d*$/.test(text) || Number(text) > MAX_ID) throw new UsageError(`${text}: not a ${what} id`)
  return Number(text)
}

/** A non-empty text option or positional, trimmed. */
export function textArg(text: string | undefined, what: string, max: number): string {
  const trimmed = text?.trim() ?? ''
  if (trimmed === '') throw new UsageError(`${what} is required`)
  if (Array.from(trimmed).length > max) throw new UsageError(`${what} must be at most ${max} characters`)
  return trimmed
}
