import type { FastifyInstance, onSendHookHandler } from 'fastify'
import { CALL_PATH_PREFIX } from '../../core/contracts/call.ts'
import { EXEMPT_FROM_OVERLOAD } from './overload.ts'

/** What a call from another origin may send: its credentials travel in these headers. */
const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-User-Agent, x-api-key',
  'Access-Control-Max-Age': '86400',
}

/**
 * Calls from a page served by another origin: the app calls whichever API line works (the config's
 * API entries), which need not be the page's. Calls carry their credentials in headers, never
 * cookies, so any origin may send them; the signature still decides what is answered. Nothing else
 * of this server (the static app, the sandbox pages) is opened to other origins; images and
 * streams say their own CORS, as the calls do here: a header and a preflight route.
 *
 * Every answer of a call route says Access-Control-Allow-Origin, whoever sent it (the handler, a
 * protocol refusal, the error handler, the overload shedding's 503): a browser would otherwise
 * report a network error instead of the answer. A route's onSend hooks run for all of them.
 */
export function registerCrossOriginCalls(app: FastifyInstance) {
  const allowAnyOrigin: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('Access-Control-Allow-Origin', '*')
    done(null, payload)
  }
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(CALL_PATH_PREFIX) || route.method === 'OPTIONS') return
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]
    route.onSend = [allowAnyOrigin, ...own]
  })
  // Unsigned (a browser's preflight sends no credentials: protocol.ts leaves OPTIONS routes
  // alone), and never shed: a preflight must succeed for the browser to show the call's own 503.
  app.options(`${CALL_PATH_PREFIX}*`, { config: EXEMPT_FROM_OVERLOAD }, (_request, reply) =>
    reply.code(204).headers(PREFLIGHT_HEADERS).send(),
  )
}
