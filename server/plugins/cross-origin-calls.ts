import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import { CALL_PATH_PREFIX } from '../../core/contracts/call.ts'

/** What a call from another origin may send: its credentials travel in these headers. */
const CALL_CORS = {
  origin: '*',
  methods: ['GET', 'POST'],
  allowedHeaders: ['Authorization', 'Content-Type', 'X-User-Agent', 'x-api-key'],
  maxAge: 86_400,
}

/**
 * Calls from a page served by another origin: the app calls whichever API line works (the config's
 * API entries), which need not be the page's. Calls carry their credentials in headers, never
 * cookies, so any origin may send them; the signature still decides what is answered. Nothing else
 * of this server (the static app, the sandbox pages) is opened to other origins; images and
 * streams say their own CORS.
 *
 * The plugin's options are static (closed to every origin) and each call's route opts in through
 * its config: a per-request delegator would rebuild the options on every request.
 */
export async function registerCrossOriginCalls(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(CALL_PATH_PREFIX)) route.config = { ...route.config, cors: CALL_CORS }
  })
  await app.register(cors, { origin: false })
  // A call's preflight: this route outranks the plugin's `OPTIONS *`, so it carries the calls'
  // options, and the plugin's hook answers it before any handler runs.
  app.options(`${CALL_PATH_PREFIX}*`, (_request, reply) => reply.callNotFound())
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors reads a route's own options here (its types leave it out). */
    cors?: typeof CALL_CORS | false
  }
}
