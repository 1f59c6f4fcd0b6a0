import { CARD_TIER_NAMES, CARD_TIERS, type CardTier } from '../../../core/contracts/payments.ts'
import { MAX_ID } from '../../../core/contracts/fields.ts'
import { formatMoney, formatPrice } from '../../../core/format/money.ts'
import {
  cardProblem,
  createCatalogueEditor,
  packageProblem,
  type CardRow,
  type PackageRow,
} from '../../modules/payments/catalogue.ts'
import { CommandError, UsageError, type AdminCommand } from '../command.ts'

/**
 * The operator's catalogue: diamond packages (gold/paytypeinfo) and VIP cards (card/list).
 * Items are added and switched off or on, never changed or removed: orders copy what they
 * bought, so a new price is a new item and the old one is disabled.
 */

const WHOLE = /^(0|[1-9]\d*)$/

/** Splits `--name value` / `--name=value` options from positional arguments; a repeated option keeps every value. */
function splitArgs(args: readonly string[], options: readonly string[]) {
  const positional: string[] = []
  const values = new Map<string, string[]>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (!arg.startsWith('--')) {
      positional.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = eq === -1 ? arg : arg.slice(0, eq)
    if (!options.includes(name)) throw new UsageError(`unknown option ${name}`)
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1)
    if (value === undefined) throw new UsageError(`${name} needs a value`)
    values.set(name, [...(values.get(name) ?? []), value])
  }
  return { positional, values }
}

/** A whole number as typed; NaN when it is not one, so the item's own check names the field. */
const whole = (text: string) => (WHOLE.test(text) ? Number(text) : Number.NaN)

function single(values: Map<string, string[]>, name: string): string | undefined {
  const given = values.get(name)
  if (given && given.length > 1) throw new UsageError(`${name} is given more than once`)
  return given?.[0]
}

function idOf(args: readonly string[], what: string): number {
  const [text, ...extra] = args
  if (text === undefined) throw new UsageError(`a ${what} id is required`)
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`)
  if (!/^[1-9]\d*$/.test(text) || Number(text) > MAX_ID) throw new UsageError(`${text}: not a ${what} id`)
  return Number(text)
}

function noArgs(args: readonly string[]) {
  if (args.length > 0) throw new UsageError(`unexpected argument ${args[0]}`)
}

const state = (enabled: boolean) => (enabled ? 'on sale' : 'disabled')

function packageLine(row: PackageRow) {
  return (
    `#${row.id}  ${row.diamonds} (${formatMoney(row.diamonds)} 钻石) + bonus ${row.bonusDiamonds}` +
    ` (${formatMoney(row.bonusDiamonds)})  for ${row.price} (${formatPrice(row.price)})  ${state(row.enabled)}`
  )
}

function cardLine(row: CardRow) {
  const was = row.originalPrice === null ? '' : `, was ${row.originalPrice} (${formatPrice(row.originalPrice)})`
  return (
    `#${row.id}  ${row.tier} (${CARD_TIER_NAMES[row.tier]}) ${row.days} days` +
    `  for ${row.price} (${formatPrice(row.price)})${was}  ${state(row.enabled)}\n      ${row.perks.join(' / ')}`
  )
}

export const packageList: AdminCommand = {
  usage: '',
  summary: 'list the diamond packages, disabled ones too (diamonds in cents, prices in fen)',
  parse(args) {
    noArgs(args)
    return async ({ db, now }) => {
      const rows = await createCatalogueEditor({ db, now }).listPackages()
      if (rows.length === 0) return 'no diamond packages'
      return [`${rows.length} diamond packages:`, ...rows.map((row) => `  ${packageLine(row)}`)].join('\n')
    }
  },
}

export const packageAdd: AdminCommand = {
  usage: '<diamonds> <price> [--bonus <diamonds>]',
  summary: 'add a diamond package on sale: diamonds and bonus in cents (6000 shows as 60), price in fen (600 is ¥6.00)',
  parse(args) {
    const { positional, values } = splitArgs(args, ['--bonus'])
    const [diamondsText, priceText, ...extra] = positional
    if (diamondsText === undefined || priceText === undefined) throw new UsageError('diamonds and price are required')
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`)
    const bonusText = single(values, '--bonus')
    const item = {
      diamonds: whole(diamondsText),
      bonusDiamonds: bonusText === undefined ? 0 : whole(bonusText),
      price: whole(priceText),
    }
    const problem = packageProblem(item)
    if (problem) throw new UsageError(problem)
    return async ({ db, now }) => {
      const row = await createCatalogueEditor({ db, now }).addPackage(item)
      return `added package ${packageLine(row)}`
    }
  },
}

export const cardAdd: AdminCommand = {
  usage: '<normal|supreme|dark> <days> <price> [--original <price>] --perk <text> [--perk <text>]…',
  summary: 'add a VIP card on sale: prices in fen (2500 is ¥25.00), one --perk per line shown on the card',
  parse(args) {
    const { positional, values } = splitArgs(args, ['--original', '--perk'])
    const [tierText, daysText, priceText, ...extra] = positional
    if (tierText === undefined || daysText === undefined || priceText === undefined) {
      throw new UsageError('tier, days and price are required')
    }
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`)
    const originalText = single(values, '--original')
    const card = {
      tier: tierText as CardTier,
      days: whole(daysText),
      price: whole(priceText),
      originalPrice: originalText === undefined ? null : whole(originalText),
      perks: (values.get('--perk') ?? []).map((perk) => perk.trim()),
    }
    const problem = cardProblem(card)
    if (problem) throw new UsageError(problem)
    return async ({ db, now }) => {
      const row = await createCatalogueEditor({ db, now }).addCard(card)
      return `added card ${cardLine(row)}`
    }
  },
}

export const cardList: AdminCommand = {
  usage: '',
  summary: `list the VIP cards, disabled ones too (prices in fen; tiers ${CARD_TIERS.join(', ')})`,
  parse(args) {
    noArgs(args)
    return async ({ db, now }) => {
      const rows = await createCatalogueEditor({ db, now }).listCards()
      if (rows.length === 0) return 'no VIP cards'
      return [`${rows.length} VIP cards:`, ...rows.map((row) => `  ${cardLine(row)}`)].join('\n')
    }
  },
}

/** `package:disable`, `package:enable`, `card:disable`, `card:enable`. */
function switchCommand(what: 'package' | 'card', enabled: boolean): AdminCommand {
  const verb = enabled ? 'enable' : 'disable'
  return {
    usage: '<id>',
    summary: enabled
      ? `put a disabled ${what} on sale again`
      : `take a ${what} off sale (orders already made from it are not affected)`,
    parse(args) {
      const id = idOf(args, what)
      return async ({ db, now }) => {
        const editor = createCatalogueEditor({ db, now })
        if (what === 'package') {
          const result = await editor.setPackageEnabled(id, enabled)
          if (!result) throw new CommandError(`no package with id ${id}; nothing was changed`)
          return `${result.changed ? `${verb}d` : `already ${verb}d, unchanged:`} package ${packageLine(result.row)}`
        }
        const result = await editor.setCardEnabled(id, enabled)
        if (!result) throw new CommandError(`no card with id ${id}; nothing was changed`)
        return `${result.changed ? `${verb}d` : `already ${verb}d, unchanged:`} card ${cardLine(result.row)}`
      }
    },
  }
}

export const packageDisable = switchCommand('package', false)
export const packageEnable = switchCommand('package', true)
export const cardDisable = switchCommand('card', false)
export const cardEnable = switchCommand('card', true)
