import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { LruMap } from 'toad-cache'
import type { Db } from '../db/client.ts'
import { findSession, touchSession } from '../modules/accounts/repo.ts'
import type { SharedRedis } from '../redis.ts'

export interface SessionUser {
  userId: number
  sessionId: number
}

/** Sessions are looked up by this hash; the token itself is never stored or logged. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/**
 * How long this process trusts a session it looked up. A user's calls come in bursts (an app
 * start makes four or five), and the lookup was the largest cost of a secured call after the
 * envelope. A session ended here is forgotten at once; with REDIS_URL the ending call answers
 * once Redis has taken the revocation for every other process's subscriber. Without Redis (one
 * process), only an admin command run outside the server takes effect here within this time.
 */
export const SESSION_CACHE_MS = 5_000
const SESSION_CACHE_MAX_ENTRIES = 50_000
/** How stale a session's last_seen_at may get: the devices list shows it to a few minutes. */
export const LAST_SEEN_STEP_MS = 5 * 60_000

export interface SessionLookup {
  /** The session of `token`, or null; from this process's memory when looked up moments ago. */
  find(token: string): SessionUser | null | Promise<SessionUser | null>
  /**
   * Called on logout: the token is not trusted from memory again, here at once and, with Redis,
   * in every process once this resolves. Never rejects: the session is ended in the database
   * already, so a lost message costs at most SESSION_CACHE_MS elsewhere (logged).
   */
  forget(token: string): Promise<void>
  /**
   * The same for sessions revoked by their hash (a device's oldest, past its bound). Resolves
   * false when the other processes could not be told (logged), else true.
   */
  forgetHashes(tokenHashes: readonly string[]): Promise<boolean>
}

/** Token hashes ended by any process, comma-separated (each 64 hex characters). */
const REVOCATION_CHANNEL = 'sessions:revoked'
const TOKEN_HASH = /^[0-9a-f]{64}$/

export function createSessionLookup(deps: {
  db: Db
  now: () => number
  /** Shares revocations with every process (REDIS_URL); null: this process is the only one. */
  redis?: SharedRedis | null
  log?: { warn(object: object, message: string): void }
}): SessionLookup {
  // When full, a new session pushes out the least recently used. (A Map's first key, taken
  // after many deletions, walks their emptied slots first: the nonce store's old collapse.)
  const remembered = new LruMap<{ user: SessionUser; until: number }>(SESSION_CACHE_MAX_ENTRIES)
  // Counts logouts: a lookup that was under way during one may have read the session before it
  // was revoked, so its answer is used once but not remembered.
  let forgets = 0
  const forgetHere = (tokenHashes: readonly string[]) => {
    forgets++
    for (const tokenHash of tokenHashes) remembered.delete(tokenHash)
  }
  // Every process hears every revocation, its own included. Until subscribed, and while the
  // subscription is down, a revocation may pass unheard: the cache is neither read nor filled
  // (every call asks the database), and it is emptied (lookups under way not remembered) each
  // time the subscription is back.
  const channel =
    deps.redis?.subscribe(REVOCATION_CHANNEL, {
      onMessage: (message) => forgetHere(message.split(',').filter((hash) => TOKEN_HASH.test(hash))),
      onSubscribed: () => {
        forgets++
        remembered.clear()
      },
    }) ?? null
  const trusted = () => channel === null || channel.listening
  const forgetHashes = async (tokenHashes: readonly string[]) => {
    forgetHere(tokenHashes)
    if (!channel || tokenHashes.length === 0) return true
    try {
      await channel.publish(tokenHashes.join(','))
      return true
    } catch (error) {
      deps.log?.warn(
        { error: (error as Error).message, sessions: tokenHashes.length },
        `could not tell the other processes of ended sessions; they trust them for up to ${SESSION_CACHE_MS / 1000} s`,
      )
      return false
    }
  }
  return {
    find(token) {
      const tokenHash = hashToken(token)
      const now = deps.now()
      const entry = trusted() ? remembered.get(tokenHash) : undefined
      if (entry && entry.until > now) return entry.user
      if (entry) remembered.delete(tokenHash)
      const forgetsBefore = forgets
      return findSession(deps.db, tokenHash, new Date(now)).then(async (row) => {
        if (!row) return null
        // Only on a database read, and only once it is a step old: a write per few minutes per session.
        const staleBefore = new Date(now - LAST_SEEN_STEP_MS)
        if (!row.lastSeenAt || row.lastSeenAt < staleBefore) {
          await touchSession(deps.db, row.sessionId, new Date(now), staleBefore)
        }
        const user = { userId: row.userId, sessionId: row.sessionId }
        if (forgets !== forgetsBefore || !trusted()) return user
        remembered.set(tokenHash, { user, until: Math.min(now + SESSION_CACHE_MS, row.expiresAt.getTime()) })
        return user
      })
    },
    forget: async (token) => void (await forgetHashes([hashToken(token)])),
    forgetHashes,
  }
}

/**
 * Resolves `Authorization` to request.user for calls that passed the protocol checks (only they
 * set apiToken).
 * Whether a call needs a user is the call's business (defineCall's `secured`). A callback hook:
 * anonymous calls and remembered sessions go on in the same tick.
 */
export function registerSession(app: FastifyInstance, sessions: SessionLookup) {
  app.decorateRequest('user', null)
  app.decorateRequest('apiToken', '')
  app.addHook('preHandler', (request, _reply, done) => {
    const token = request.apiToken
    if (!token) return done()
    const found = sessions.find(token)
    if (!(found instanceof Promise)) {
      request.user = found
      return done()
    }
    found.then(
      (user) => {
        request.user = user
        done()
      },
      (error: unknown) => done(error as Error),
    )
  })
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null
  }
}
