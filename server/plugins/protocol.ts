import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify'
import { constantTimeEqual, type ProtocolCrypto } from '../../core/protocol/crypto.ts'
import { ResultCode, httpStatusFor, type ApiResult, type ProtocolRejection } from '../../core/protocol/codes.ts'
import { MAX_CLOCK_SKEW_SECONDS, NONCE_TTL_SECONDS } from '../../core/protocol/defaults.ts'
import { EnvelopeError, isEnvelope } from '../../core/protocol/envelope.ts'
import { parseApiKey } from '../../core/protocol/sign.ts'
import { derivedOnce, jsonText } from '../cached.ts'
import type { Config } from '../config.ts'
import { createOpener, createSealer } from '../protocol/sealer.ts'
import { createSigner } from '../protocol/signature.ts'
import { AppError } from '../errors.ts'
import type { NonceStore } from './nonce-store.ts'

export interface ProtocolDeps {
  config: Pick<Config, 'apiSecret' | 'encryptHttp'>
  crypto: ProtocolCrypto
  /** Milliseconds, like Date.now. */
  now: () => number
  nonceStore: NonceStore
  /**
   * Paths under /api/ that carry their own credential instead of a signature: the HLS key
   * endpoint, fetched by the browser's native player or hls.js, which cannot sign.
   */
  unsignedPrefixes?: readonly string[]
  /** Runs before the checks on every signed route: the per-client rate limits. */
  limitCaller?: onRequestHookHandler | null
}

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * A protocol refusal: its HTTP status and a plain `{code, msg}`, never sealed. Returns nothing: a
 * callback hook must not return the reply (a thenable) to Fastify.
 */
export function rejectCall(reply: FastifyReply, body: ProtocolRejection): void {
  reply.code(httpStatusFor(body.code)).type(JSON_TYPE).send(JSON.stringify(body))
}

/** JSON.stringify(result), with the data's text made once when it is a shared cached value. */
function resultJson(result: ApiResult): string {
  return `{"code":${result.code},"data":${jsonText(result.data)},"tip":${JSON.stringify(result.tip)},"msg":${JSON.stringify(result.msg)}}`
}

/** Answers `{code, data, tip, msg}`; sealed when ENCRYPT_HTTP and the answer is HTTP 200. */
export function createResultSender(deps: Pick<ProtocolDeps, 'config' | 'crypto'>) {
  const { apiSecret, encryptHttp } = deps.config
  const seal = createSealer(apiSecret, deps.crypto.randomBytes)
  // A value of cached() (ping/config, media/home, the announcement) is the same answer for every
  // caller until its cache fills again: its wire text, sealed or plain, is made once per fill and
  // sent as is. The envelope binds nothing to a request (docs/protocol.md, "Envelope"), so one
  // sealed answer opens for every client. Any other answer gets its own seed.
  const sharedAnswers = new WeakMap<object, string>()
  const wireText = (json: string, sealed: boolean) => (sealed ? seal(json) : json)
  /** `plain`: never sealed (the multipart calls, whose client reads them without an envelope). */
  return function sendResult(reply: FastifyReply, result: ApiResult, options: { plain?: boolean } = {}) {
    const status = httpStatusFor(result.code)
    reply.code(status).type(JSON_TYPE)
    const sealed = encryptHttp && status === 200 && !options.plain
    const usual = result.code === ResultCode.Ok && result.tip === '' && result.msg === 'ok' && !options.plain
    const shared = usual
      ? derivedOnce(sharedAnswers, result.data, () => wireText(resultJson(result), sealed))
      : undefined
    return reply.send(shared ?? wireText(resultJson(result), sealed))
  }
}

function nonceChecked(
  fresh: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  done: HookHandlerDoneFunction,
) {
  if (!fresh) return rejectCall(reply, { code: ResultCode.ReplayedNonce, msg: 'replayed nonce' })
  request.apiToken = token
  done()
}

/**
 * The protocol's checks (docs/protocol.md, "Signing") for every signed request, in order, before the body is read or a handler
 * runs: header well-formed (4003), clock skew (4004 + serverTime), signature (4003), nonce not
 * replayed (4005). A rejected request never reaches a handler.
 *
 * The checks are attached to the routes themselves (every route under /api/ but the
 * `unsignedPrefixes`), not to URLs that look like /api/: the router decodes a path, so
 * `/%61pi/app/login/guest` reaches the same handler as `/api/app/login/guest` and must meet the
 * same checks. `limitCaller` (the per-client rate limits) runs first, so a flood is turned away
 * before it costs a nonce.
 */
export function registerProtocol(app: FastifyInstance, deps: ProtocolDeps) {
  const { nonceStore, now } = deps
  const secret = deps.config.apiSecret
  const sign = createSigner(secret)
  const openBody = createOpener(secret)
  const rememberNow = nonceStore.rememberNow?.bind(nonceStore)
  const unsigned = deps.unsignedPrefixes ?? []
  // Nonces live in this process's memory: a request accepted before a restart could be replayed
  // after it within its 300 s. Timestamps from before this process began are therefore refused
  // (4004 with serverTime: the app re-syncs its clock and signs again).
  const notBefore = Math.floor(now() / 1000)

  // A callback hook, not an async one: with an in-process nonce store the checks finish in
  // this tick, without a promise or a trip through the microtask queue per request.
  function checkSignature(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const url = request.url
    const queryAt = url.indexOf('?')
    const path = queryAt === -1 ? url : url.slice(0, queryAt)
    const headers = request.headers
    const key = parseApiKey(first(headers['x-api-key']))
    const xUserAgent = first(headers['x-user-agent'])
    if (!key || !xUserAgent) {
      return rejectCall(reply, { code: ResultCode.BadSignature, msg: 'missing or malformed x-api-key or X-User-Agent' })
    }
    const serverTime = Math.floor(now() / 1000)
    if (Math.abs(serverTime - key.t) > MAX_CLOCK_SKEW_SECONDS || key.t < notBefore) {
      return rejectCall(reply, { code: ResultCode.ClockSkew, msg: 'clock skew too large', serverTime })
    }
    const token = first(headers.authorization) ?? ''
    const expected = sign({ token, path, xUserAgent, t: key.t, nonce: key.n })
    if (!constantTimeEqual(expected, key.s)) {
      return rejectCall(reply, { code: ResultCode.BadSignature, msg: 'bad signature' })
    }
    if (!rememberNow) {
      nonceStore.remember(key.n, NONCE_TTL_SECONDS).then(
        (fresh) => nonceChecked(fresh, request, reply, token, done),
        (error: unknown) => done(error as Error),
      )
      return
    }
    nonceChecked(rememberNow(key.n, NONCE_TTL_SECONDS), request, reply, token, done)
  }

  const signedRouteHooks = deps.limitCaller ? [deps.limitCaller, checkSignature] : [checkSignature]
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || unsigned.some((prefix) => route.url.startsWith(prefix))) return
    // A browser's preflight carries no credentials (cross-origin-calls.ts answers it).
    if (route.method === 'OPTIONS') return
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]
    route.onRequest = [...signedRouteHooks, ...own]
  })

  // JSON bodies, sealed or plain (a body without `hash` is plain JSON).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.routeOptions.config.inputless) return done(null, undefined)
    const text = (body as string).trim()
    if (text === '') return done(null, {})
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return done(new AppError(ResultCode.ValidationError, 'body: not valid JSON'), undefined)
    }
    if (!isEnvelope(value)) return done(null, value)
    try {
      return done(null, JSON.parse(openBody(value)))
    } catch (error) {
      const reason = error instanceof EnvelopeError ? error.message : 'envelope does not hold JSON'
      return done(new AppError(ResultCode.ValidationError, `body: ${reason}`), undefined)
    }
  })
}

function first(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' || value === undefined ? value : value[0]
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Authorization header of a request that passed the protocol checks ('' if none). */
    apiToken: string
  }
  interface FastifyContextConfig {
    /**
     * A call that takes no input (set by defineCall): its body is read but not parsed or
     * opened, as nothing would use it. The signature already authenticates the request.
     */
    inputless?: boolean
  }
}
