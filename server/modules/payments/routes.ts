import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { PaymentCatalogue } from './catalogue.ts'
import type { OrdersService } from './orders.ts'

export function registerPaymentRoutes(
  answer: AnswerCall,
  deps: { catalogue: PaymentCatalogue; orders: OrdersService },
) {
  answer(calls.goldPaytypeinfo, (_body, { user }) => deps.catalogue.payTypeInfo(user.userId))
  answer(calls.cardList, () => deps.catalogue.cardList())
  answer(calls.rechargeSubmit, (body, { user }) => deps.orders.submit(user.userId, body))
  answer(calls.rechargeHistory, ({ cursor }, { user }) => deps.orders.history(user.userId, cursor))
  answer(calls.rechargeStatus, ({ orderId }, { user }) => deps.orders.status(user.userId, orderId))
}
