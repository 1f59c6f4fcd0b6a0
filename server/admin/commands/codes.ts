import { randomBytes } from 'node:crypto'
import { open, unlink } from 'node:fs/promises'
import { resolve } from 'node:path'
import { CARD_TIERS } from '../../../core/contracts/payments.ts'
import type { Reward } from '../../../core/contracts/welfare.ts'
import { RewardKind, WELFARE_TIME_ZONE } from '../../../core/contracts/welfare-rules.ts'
import { createCodes } from '../../modules/welfare/codes.ts'
import { dayEnd } from '../../modules/welfare/days.ts'
import { commandArgs } from '../args.ts'
import { CommandError, UsageError, type AdminCommand } from '../command.ts'

const POSITIVE_INT = /^[1-9]\d*$/
/** Codes one run makes: enough for a campaign, few enough to print. */
export const MAX_CODES_PER_RUN = 10_000
const MAX_USES = 1_000_000
/** Points, diamond cents, VIP days: far inside the columns' integer. */
const MAX_REWARD = 100_000_000
const MAX_VIP_DAYS = 3650

function positive(text: string | undefined, name: string, max: number): number {
  if (text === undefined || !POSITIVE_INT.test(text) || Number(text) > max) {
    throw new UsageError(`${name} ${text ?? ''}: expected a whole number from 1 to ${max}`.replace('  ', ' '))
  }
  return Number(text)
}

/** `vip:<tier>:<days>`, `diamonds:<cents>`, `points:<n>`. */
export function parseReward(text: string): Reward {
  const [kind, ...rest] = text.split(':')
  const bad = () =>
    new UsageError(`--reward ${text}: expected vip:<normal|supreme|dark>:<days>, diamonds:<cents> or points:<n>`)
  if (kind === RewardKind.Vip && rest.length === 2) {
    const tier = CARD_TIERS.find((t) => t === rest[0])
    if (!tier) throw bad()
    return { kind: RewardKind.Vip, tier, days: positive(rest[1], 'days', MAX_VIP_DAYS) }
  }
  if ((kind === RewardKind.Diamonds || kind === RewardKind.Points) && rest.length === 1) {
    if (!POSITIVE_INT.test(rest[0]!) || Number(rest[0]) > MAX_REWARD) throw bad()
    return { kind, amount: Number(rest[0]) }
  }
  throw bad()
}

/** A code expiring on a date works through that whole Asia/Shanghai day. */
function expiryOf(text: string): Date {
  const end = dayEnd(text)
  if (!end) throw new UsageError(`--expires ${text}: expected a date, YYYY-MM-DD`)
  return end
}

function describeReward(reward: Reward) {
  return reward.kind === RewardKind.Vip ? `vip:${reward.tier}:${reward.days}` : `${reward.kind}:${reward.amount}`
}

function parse(args: readonly string[], cwd: string) {
  const { options } = commandArgs(args, { options: ['count', 'reward', 'uses', 'expires', 'csv'], positionals: 0 })
  if (!options.has('count')) throw new UsageError('--count is required')
  if (!options.has('reward')) throw new UsageError('--reward is required')
  const csv = options.get('csv')
  if (csv === '') throw new UsageError('--csv needs a value')
  const expires = options.get('expires')
  return {
    count: positive(options.get('count'), '--count', MAX_CODES_PER_RUN),
    reward: parseReward(options.get('reward')!),
    maxUses: options.has('uses') ? positive(options.get('uses'), '--uses', MAX_USES) : 1,
    expiresAt: expires === undefined ? null : expiryOf(expires),
    expiresText: expires ?? '',
    csvPath: csv === undefined ? null : resolve(cwd, csv),
  }
}

/**
 * `codes:create`: makes redeem codes (server/modules/welfare/README.md, "Redeem codes"). The
 * codes exist only in this answer (or the CSV): the database keeps their hashes. The CSV is
 * created before the codes (never over an existing file), and removed when they fail.
 */
export const codesCreate: AdminCommand = {
  usage:
    '--count <n> --reward <vip:<tier>:<days>|diamonds:<cents>|points:<n>> [--uses <n>] [--expires YYYY-MM-DD] [--csv <path>]',
  summary: 'make redeem codes (each redeemable by --uses users, once each) and print them once, or write them to a CSV',
  parse(args, cwd) {
    const spec = parse(args, cwd)
    return async ({ db, now }) => {
      if (spec.expiresAt && spec.expiresAt.getTime() <= now()) {
        throw new CommandError(`--expires ${spec.expiresText} has passed; no code was made`)
      }
      const file = spec.csvPath
        ? await open(spec.csvPath, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
            throw new CommandError(
              error.code === 'EEXIST'
                ? `${spec.csvPath} exists; no code was made`
                : `cannot create ${spec.csvPath} (${error.code ?? error.message}); no code was made`,
              { cause: error },
            )
          })
        : null
      const options = { now, randomBytes: (length: number) => new Uint8Array(randomBytes(length)) }
      let made: Awaited<ReturnType<typeof createCodes>>
      try {
        made = await createCodes(db, spec, options)
      } catch (error) {
        await file?.close()
        if (spec.csvPath) await unlink(spec.csvPath)
        throw error
      }
      const reward = describeReward(spec.reward)
      const summary = `${made.codes.length} code(s) of ${reward}, ${spec.maxUses} use(s) each, ${
        spec.expiresText ? `expiring after ${spec.expiresText} (${WELFARE_TIME_ZONE})` : 'never expiring'
      }, batch ${made.batch}`
      if (file) {
        const rows = made.codes.map((code) => `${code},${reward},${spec.maxUses},${spec.expiresText}`)
        await file.writeFile(['code,reward,uses,expires', ...rows, ''].join('\n'), 'utf8')
        await file.close()
        return `wrote ${summary} to ${spec.csvPath}`
      }
      return [`${summary}; shown this once:`, ...made.codes].join('\n')
    }
  },
}
