import { CARD_TIER_NAMES, CARD_TIERS, type CardTier } from '../../../core/contracts/payments.ts'
import { formatMoney, formatPrice } from '../../../core/format/money.ts'
import {
  cardProblem,
  createCatalogueEditor,
  packageProblem,
  type CardRow,
  type PackageRow,
} from '../../modules/payments/catalogue.ts'
import { commandArgs, soleIdArg } from '../args.ts'
import { CommandError, UsageError, type AdminCommand } from '../command.ts'

/**
 * The operator's catalogue: diamond packages (gold/paytypeinfo) and VIP cards (card/list).
 * Items are added and switched off or on, never changed or removed: orders copy what they
 * bought, so a new price is a new item and the old one is disabled.
 */

const WHOLE = /^(0|[1-9]\d*)$/

/** A whole number as typed; NaN when it is not one, so the item's own check names the field. */
const whole = (text: string) => (WHOLE.test(text) ? Number(text) : Number.NaN)

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
    commandArgs(args, { positionals: 0 })
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
    const { positional, options } = commandArgs(args, { options: ['bonus'], positionals: 2 })
    const [diamondsText, priceText] = positional
    if (diamondsText === undefined || priceText === undefined) throw new UsageError('diamonds and price are required')
    const bonusText = options.get('bonus')
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
    const { positional, options, lists } = commandArgs(args, {
      options: ['original'],
      lists: ['perk'],
      positionals: 3,
    })
    const [tierText, daysText, priceText] = positional
    if (tierText === undefined || daysText === undefined || priceText === undefined) {
      throw new UsageError('tier, days and price are required')
    }
    const originalText = options.get('original')
    const card = {
      tier: tierText as CardTier,
      days: whole(daysText),
      price: whole(priceText),
      originalPrice: originalText === undefined ? null : whole(originalText),
      perks: (lists.get('perk') ?? []).map((perk) => perk.trim()),
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
    commandArgs(args, { positionals: 0 })
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
      const id = soleIdArg(args, what)
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
