import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { findSession } from '../modules/accounts/repo.ts'

export interface SessionUser {
  userId: number
  sessionId: number
}

/** Sessions are looked up by this hash; the token itself is never stored or logged. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/**
 * Resolves `Authorization` to request.user for /api/ calls that passed the protocol checks.
 * Whether a call needs a user is the call's business (defineCall's `secured`).
 */
export function registerSession(app: FastifyInstance, deps: { db: Db; now: () => number }) {
  app.decorateRequest('user', null)
  app.decorateRequest('apiToken', '')
  app.addHook('preHandler', async (request) => {
    const token = request.apiToken
    if (!token || !request.url.startsWith('/api/')) return
    request.user = await findSession(deps.db, hashToken(token), new Date(deps.now()))
  })
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null
  }
}
