import * as calls from '../../../core/contracts/calls.ts'
import * as paymentCalls from '../../../core/contracts/calls-payments.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { WalletService } from './service.ts'

export function registerWalletRoutes(answer: AnswerCall, wallet: WalletService) {
  answer(calls.mediaPay, ({ id }, { user }) => wallet.payVideo(user.userId, id))
  answer(calls.mediaCollectPay, ({ id }, { user }) => wallet.payCollection(user.userId, id))
  answer(paymentCalls.walletLedger, ({ cursor }, { user }) => wallet.ledger(user.userId, cursor))
}
