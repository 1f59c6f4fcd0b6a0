import { PayRequestSchema } from '../../../core/contracts/play.ts'
import type { DefineCall } from '../../plugins/calls.ts'
import type { WalletService } from './service.ts'

/** media/pay and media/collect/pay (secured). */
export function registerWalletRoutes(defineCall: DefineCall, wallet: WalletService) {
  defineCall({
    name: 'media/pay',
    secured: true,
    body: PayRequestSchema,
    handler: ({ id }, { user }) => wallet.payVideo(user.userId, id),
  })
  defineCall({
    name: 'media/collect/pay',
    secured: true,
    body: PayRequestSchema,
    handler: ({ id }, { user }) => wallet.payCollection(user.userId, id),
  })
}
