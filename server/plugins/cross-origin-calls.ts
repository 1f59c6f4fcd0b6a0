import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import { CALL_PATH_PREFIX } from '../../core/contracts/call.ts'

/**
 * Calls from a page served by another origin: the app calls whichever API line works (the config's
 * API entries), which need not be the page's. Calls carry their credentials in headers, never
 * cookies, so any origin may send them; the signature still decides what is answered. Nothing else
 * of this server (the static app, the sandbox pages) is opened to other origins; images and
 * streams say their own CORS.
 */
export async function registerCrossOriginCalls(app: FastifyInstance) {
  await app.register(cors, {
    delegator: (request, callback) =>
      callback(
        null,
        request.url.startsWith(CALL_PATH_PREFIX)
          ? {
              origin: '*',
              methods: ['GET', 'POST'],
              allowedHeaders: ['Authorization', 'Content-Type', 'X-User-Agent', 'x-api-key'],
              maxAge: 86_400,
            }
          : { origin: false },
      ),
  })
}
