import { createRequire } from 'node:module'
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { Redis } from 'ioredis'
import { ResultCode } from '../../core/protocol/codes.ts'
import type { SharedRedis } from '../redis.ts'
import { rejectCall } from './protocol.ts'
import { hashToken } from './session.ts'

export interface CallerLimits {
  /** Signed calls one client address may make per minute (IPv6: per /64). 0: no limit. */
  perIp: number
  /** Signed calls one session token may make per minute, from any address. 0: no limit. */
  perSession: number
}

const WINDOW_MS = 60_000
/** An IPv6 client is its /64: one subscriber's prefix, where it can pick any address. */
const IPV6_PREFIX_LENGTH = 64
/** Counters kept per limiter; the least recently seen caller is forgotten first. */
const TRACKED_CALLERS = 100_000
/** Session tokens are 64 lowercase hex characters; anything else is no session to count. */
const SESSION_TOKEN = /^[0-9a-f]{64}$/

/** A caller's count in the current window, and the milliseconds until the window ends. */
interface Count {
  current: number
  ttl: number
}
/** @fastify/rate-limit's store contract (its README, "custom store"): count one more call of `key`. */
interface CountStore {
  incr(key: string, counted: (error: Error | null, count: Count | null) => void, windowMs: number, max: number): void
}
// The plugin's own stores, from its package (it has no exports map), driven by a callback hook:
// its limiter wraps each count in three promises and the hook in a fourth, most of what the
// protocol cost a cached call (bench/README.md). The counting itself stays the library's.
const require = createRequire(import.meta.url)
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => CountStore
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  keyPrefix: string,
) => CountStore

/** The client's address as the per-address limits count it (IPv6: its /64 network). */
export function clientAddress(request: FastifyRequest): string {
  const ip = request.ip
  // An IPv4 address as it is: the library tells the two apart with a long IPv6 expression.
  return ip.includes(':') ? normalizeIP(ip, IPV6_PREFIX_LENGTH) : ip.toLowerCase()
}

/**
 * Limits what one caller may send before its request costs anything: a nonce remembered, a
 * session looked up, a handler run. The signing secret ships in the app, so anyone can sign;
 * these counters are what bounds one client. Returns the onRequest hook the protocol
 * plugin runs ahead of its checks on every signed route, or null when both limits are off.
 *
 * With `redis` the counters are in the Redis every process shares (the plugin's Redis store): a
 * client spreading its calls over the processes still meets one limit. A session is counted
 * there by its hash, so no token is written to Redis. A Redis error fails the request (503, the
 * app's error handler): a call is never let through uncounted.
 */
export function createCallerLimit(limits: CallerLimits, redis: SharedRedis | null = null) {
  const storeFor = (name: string) =>
    redis
      ? new RedisStore(false, false, redis.client, `${redis.prefix}rate:${name}:`)
      : new LocalStore(false, false, TRACKED_CALLERS)
  const perIp = limits.perIp > 0 ? storeFor('ip') : null
  const perSession = limits.perSession > 0 ? storeFor('session') : null
  if (!perIp && !perSession) return null
  const sessionKey = redis ? hashToken : (token: string) => token

  /** Counts one call against `store`; `next` runs unless the caller is over `max`. */
  function count(
    store: CountStore,
    key: string,
    max: number,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
    next: () => void,
  ) {
    store.incr(
      key,
      (error, counted) => {
        if (error) return done(error)
        if (counted!.current <= max) return next()
        reply.header('Retry-After', String(Math.ceil(counted!.ttl / 1000)))
        rejectCall(reply, { code: ResultCode.RateLimited, msg: 'too many requests' })
      },
      WINDOW_MS,
      max,
    )
  }

  return function limitCaller(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const token = request.headers.authorization
    const countSession = () => {
      if (!perSession || typeof token !== 'string' || !SESSION_TOKEN.test(token)) return done()
      count(perSession, sessionKey(token), limits.perSession, reply, done, done)
    }
    if (!perIp) return countSession()
    count(perIp, clientAddress(request), limits.perIp, reply, done, countSession)
  }
}
