import type { FastifyInstance } from 'fastify'
import * as calls from '../../../core/contracts/calls-payments.ts'
import { loggableError } from '../../loggable-error.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { PaymentCatalogue } from './catalogue.ts'
import { SWEEP_INTERVAL_MS, type OrdersService } from './orders.ts'

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

/**
 * Every minute, the pending orders older than a few minutes are asked about at the provider
 * (a notification may have been lost) and those past their expiry close; closed orders of the
 * last day are asked again now and then (a late payment). One sweep at a time;
 * the timer does not keep the process alive and stops when the app closes. Several servers on
 * one PostgreSQL may sweep the same orders: settling is exactly once wherever it runs.
 */
export function scheduleOrderSweep(app: FastifyInstance, orders: Pick<OrdersService, 'sweep'>) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    orders
      .sweep()
      .catch((error: unknown) => app.log.error({ err: loggableError(error) }, 'order sweep failed'))
      .finally(() => {
        running = false
      })
  }, SWEEP_INTERVAL_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
