// FOUNDATION STUB — helper H1 replaces this file with the real service (see /work/brief-pay.md).
import type { Order, OrderPage, RechargeSubmitResult, OrderKind } from '../../../core/contracts/payments.ts'
import type { Db } from '../../db/client.ts'
import type { PaymentCatalogue } from './catalogue.ts'
import type { PaymentProvider, ProviderPayment } from './provider.ts'

export function createOrdersService(deps: {
  db: Db
  now: () => number
  provider: PaymentProvider
  catalogue: PaymentCatalogue
  randomBytes?: (size: number) => Uint8Array
}) {
  void deps
  const notBuilt = (): never => {
    throw new Error('not built')
  }
  return {
    submit: async (
      _userId: number,
      _body: { kind: OrderKind; itemId: number; payType: string },
    ): Promise<RechargeSubmitResult> => notBuilt(),
    history: async (_userId: number, _cursor: string | undefined): Promise<OrderPage> => notBuilt(),
    status: async (_userId: number, _orderNo: string): Promise<Order> => notBuilt(),
    settle: async (_payment: ProviderPayment, _source: 'notify' | 'query'): Promise<unknown> => notBuilt(),
    sync: async (_orderNo: string): Promise<unknown> => notBuilt(),
    sweep: async (): Promise<unknown> => notBuilt(),
    refund: async (_orderNo: string): Promise<unknown> => notBuilt(),
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
