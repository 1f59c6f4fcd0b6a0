import type { AddressInfo } from 'node:net'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { sendPlainStatus } from '../../errors.ts'
import { SettleOutcome, type OrdersService } from './orders.ts'
import { NotificationRefusedError, type PaymentProvider } from './provider.ts'

/** `POST /api/pay/notify/<provider>`: the provider's webhook. Not a signed app call: the provider signs it its own way. */
export const NOTIFY_PATH_PREFIX = '/api/pay/notify/'
/** A payment notification is a few hundred bytes; a real provider's stays far below this. */
const NOTIFY_BODY_LIMIT = 64 * 1024

/**
 * Where this server, listening at `address`, takes the provider's notifications: the sandbox
 * sends its own there. An address that means "every interface" is reached on loopback; null
 * while not listening on TCP.
 */
export function notifyUrlOf(address: string | AddressInfo | null, provider: string): string | null {
  if (!address || typeof address === 'string') return null
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${NOTIFY_PATH_PREFIX}${provider}`
}

const plain = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).type('text/plain; charset=utf-8').send(text)

/**
 * The provider's notification, verified over the body's bytes exactly as they arrived (its own
 * scope reads every body as a Buffer, whatever its type, and decodes nothing), then settled. Answers: 404 for another
 * provider's path; 401 when it cannot be trusted (signature, timestamp, form); 400 when it does
 * not match an order (no such order, amount or currency differ: recorded for the operator);
 * else 200 `{"ok":true}`, also for a repeat, which changes nothing, so the provider stops
 * resending.
 */
export function registerNotifyRoute(
  app: FastifyInstance,
  deps: { provider: PaymentProvider; orders: Pick<OrdersService, 'settle'> },
) {
  const { provider } = deps
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    )
    scope.post<{ Params: { provider: string } }>(`${NOTIFY_PATH_PREFIX}:provider`, async (request, reply) => {
      if (request.params.provider !== provider.name) return sendPlainStatus(reply, 404)
      const headers: Record<string, string | undefined> = {}
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value[0] : value
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      let payment
      try {
        payment = await provider.verifyNotification({ headers, rawBody })
      } catch (error) {
        if (!(error instanceof NotificationRefusedError)) throw error
        // Anyone can post here, as often as they like: a warn line each would let a flood fill the
        // log. The 401 is counted in the request log's summary of refusals (plugins/request-log.ts);
        // a verified report that is refused (settle) is signed and rare, and stays a warn line.
        request.log.debug({ provider: provider.name, reason: error.message }, 'payment notification refused')
        return plain(reply, 401, 'refused')
      }
      const result = await deps.orders.settle(payment, 'notify')
      if (result.outcome === SettleOutcome.Refused) return plain(reply, 400, `refused: ${result.reason ?? ''}`)
      return reply.type('application/json; charset=utf-8').send('{"ok":true}')
    })
  })
}
