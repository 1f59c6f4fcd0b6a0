import { MAX_ID } from '../../../core/contracts/fields.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { UnreferencedReason } from '../../modules/wallet/repo.ts'
import { createWalletService, MAX_AMOUNT, UnknownUserError } from '../../modules/wallet/service.ts'
import { commandArgs } from '../args.ts'
import { CommandError, UsageError, type AdminCommand } from '../command.ts'

const POSITIVE_INT = /^[1-9]\d*$/

function parse(args: readonly string[]) {
  const { positional, options } = commandArgs(args, { options: ['reason'], positionals: 2 })
  const reason = options.get('reason')
  const [userText, amountText] = positional
  if (userText === undefined || amountText === undefined) throw new UsageError('userId and diamonds are required')
  const userId = Number(userText)
  if (!POSITIVE_INT.test(userText) || userId > MAX_ID) throw new UsageError(`userId ${userText}: not a user id`)
  const amount = Number(amountText)
  if (!POSITIVE_INT.test(amountText) || amount > MAX_AMOUNT) {
    throw new UsageError(`diamonds ${amountText}: expected a whole number of cents from 1 to ${MAX_AMOUNT}`)
  }
  if (reason === undefined || reason.trim() === '')
    throw new UsageError('--reason is required (it is kept in the ledger)')
  return { userId, amount, reason: reason.trim() }
}

/**
 * `wallet:credit <userId> <diamonds> --reason <text>`: an operator's credit through the same
 * wallet service as every other balance change (balance and ledger row in one transaction).
 */
export const walletCredit: AdminCommand = {
  usage: '<userId> <diamonds> --reason <text>',
  summary: 'credit diamonds, in cents (1000 shows as 10), to a user; written to the wallet ledger',
  parse(args) {
    const { userId, amount, reason } = parse(args)
    return async ({ db, now }) => {
      try {
        const ledgerReason = `${UnreferencedReason.Operator}${reason}`
        const balance = await createWalletService({ db, now }).credit(userId, amount, ledgerReason)
        return `user ${userId}: +${amount} (${formatMoney(amount)}), balance ${balance} (${formatMoney(balance)})`
      } catch (error) {
        if (error instanceof UnknownUserError) {
          throw new CommandError(`no user with id ${userId}; nothing was changed`, { cause: error })
        }
        throw error
      }
    }
  },
}
