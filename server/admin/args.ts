import { parseArgs } from 'node:util'
import { MAX_ID } from '../../core/contracts/fields.ts'
import { UsageError } from './command.ts'

export interface ArgsSpec {
  /** `--name value` / `--name=value` options, each at most once. */
  options?: readonly string[]
  /** Options that may be given several times, every value kept in order. */
  lists?: readonly string[]
  /** Bare `--name` switches. */
  flags?: readonly string[]
  /** Positional arguments allowed; more is an error (requiring them is the command's business). */
  positionals: number
}

export interface CommandArgs {
  positional: string[]
  options: Map<string, string>
  lists: Map<string, string[]>
  flags: Set<string>
}

/**
 * A command's arguments, split by node's parseArgs and checked against `spec`; UsageError
 * naming the first problem. Not strict parseArgs, whose errors read as advice to a programmer.
 */
export function commandArgs(args: readonly string[], spec: ArgsSpec): CommandArgs {
  const valued = [...(spec.options ?? []), ...(spec.lists ?? [])]
  const { tokens } = parseArgs({
    args: [...args],
    strict: false,
    allowPositionals: true,
    tokens: true,
    options: Object.fromEntries([
      ...valued.map((name) => [name, { type: 'string' as const, multiple: true }]),
      ...(spec.flags ?? []).map((name) => [name, { type: 'boolean' as const }]),
    ]),
  })
  const result: CommandArgs = { positional: [], options: new Map(), lists: new Map(), flags: new Set() }
  const addPositional = (value: string) => {
    if (result.positional.length === spec.positionals) throw new UsageError(`unexpected argument ${value}`)
    result.positional.push(value)
  }
  let shortIndex = -1
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue
    if (token.kind === 'positional') {
      addPositional(token.value)
      continue
    }
    // No command has a one-dash option: `-5` is an amount (wrong, but for the command to say why).
    // parseArgs splits `-1.5` into several short options of one argument, hence the index.
    if (!token.rawName.startsWith('--')) {
      if (token.index !== shortIndex) addPositional(args[token.index]!)
      shortIndex = token.index
      continue
    }
    const { name, rawName, value } = token
    if (spec.flags?.includes(name)) {
      if (token.inlineValue) throw new UsageError(`${rawName} takes no value`)
      result.flags.add(name)
    } else if (valued.includes(name)) {
      if (value === undefined) throw new UsageError(`${rawName} needs a value`)
      if (spec.lists?.includes(name)) result.lists.set(name, [...(result.lists.get(name) ?? []), value])
      else if (result.options.has(name)) throw new UsageError(`${rawName} is given more than once`)
      else result.options.set(name, value)
    } else {
      throw new UsageError(`unknown option ${rawName}`)
    }
  }
  return result
}

/** A row id typed by the operator; `what` names it in the error. */
export function idArg(text: string | undefined, what: string): number {
  if (text === undefined) throw new UsageError(`a ${what} id is required`)
  if (!/^[1-9]\d*$/.test(text) || Number(text) > MAX_ID) throw new UsageError(`${text}: not a ${what} id`)
  return Number(text)
}

/** The id that is a command's only argument. */
export function soleIdArg(args: readonly string[], what: string): number {
  return idArg(commandArgs(args, { positionals: 1 }).positional[0], what)
}

/** A non-empty text option or positional, trimmed. */
export function textArg(text: string | undefined, what: string, max: number): string {
  const trimmed = text?.trim() ?? ''
  if (trimmed === '') throw new UsageError(`${what} is required`)
  if (Array.from(trimmed).length > max) throw new UsageError(`${what} must be at most ${max} characters`)
  return trimmed
}
