import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
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

/** The client's address as the per-address limits count it (IPv6: its /64 network). */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip, IPV6_PREFIX_LENGTH)
}

/**
 * Limits what one caller may send before its request costs anything: a nonce remembered, a
 * session looked up, a handler run. The signing secret ships in the app, so anyone can sign;
 * these counters are what bounds one client. Returns the onRequest hook the protocol
 * plugin runs ahead of its checks on every signed route, or null when both limits are off.
 *
 * With `redis` the counters are the plugin's Redis store, shared by every process: a client
 * spreading its calls over them still meets one limit. A session is counted there by its hash,
 * so no token is written to Redis.
 */
export async function createCallerLimit(app: FastifyInstance, limits: CallerLimits, redis: SharedRedis | null = null) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: `${redis.prefix}rate:` } : {}),
  })
  // createRateLimit's types leave out `cache`, which its store does read.
  const options = (max: number, more: RateLimitOptions = {}): RateLimitOptions => ({
    max,
    timeWindow: WINDOW_MS,
    cache: TRACKED_CALLERS,
    ipv6Subnet: IPV6_PREFIX_LENGTH,
    ...more,
  })
  const perIp = limits.perIp > 0 ? app.createRateLimit(options(limits.perIp)) : null
  const perSession =
    limits.perSession > 0
      ? app.createRateLimit(
          options(limits.perSession, {
            keyGenerator: redis
              ? (request) => `session:${hashToken(request.headers.authorization as string)}`
              : (request) => request.headers.authorization as string,
          }),
        )
      : null
  if (!perIp && !perSession) return null

  return async function limitCaller(request: FastifyRequest, reply: FastifyReply) {
    let verdict: Verdict | null = perIp ? await perIp(request) : null
    const token = request.headers.authorization
    if (!exceeded(verdict) && perSession && typeof token === 'string' && SESSION_TOKEN.test(token)) {
      verdict = await perSession(request)
    }
    if (!exceeded(verdict)) return
    reply.header('Retry-After', String(verdict.ttlInSeconds))
    rejectCall(reply, { code: ResultCode.RateLimited, msg: 'too many requests' })
    return reply
  }
}

type Verdict = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>

function exceeded(verdict: Verdict | null): verdict is Extract<Verdict, { isAllowed: false }> {
  return verdict !== null && !verdict.isAllowed && verdict.isExceeded
}
