import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ResultCode, type ApiResult } from '../../core/protocol/codes.ts'
import { AppError } from '../errors.ts'
import { clientAddress } from './rate-limit.ts'
import type { SessionUser } from './session.ts'

export interface CallContext<Secured extends boolean> {
  user: Secured extends true ? SessionUser : SessionUser | null
  /** The Authorization header ('' when anonymous). */
  token: string
  ip: string
  request: FastifyRequest
}

export interface CallDefinition<Schema extends z.ZodType, Secured extends boolean, Result> {
  /** Path under /api/app/, e.g. `login/guest`. */
  name: string
  method?: 'GET' | 'POST'
  /** Secured calls answer 1000 without a valid session. */
  secured: Secured
  body?: Schema
  handler: (input: z.output<Schema>, context: CallContext<Secured>) => Promise<Result> | Result
}

/** Every call's path begins so: `/api/app/login/guest`. */
export const CALL_PATH_PREFIX = '/api/app/'

type SendResult = (reply: FastifyReply, result: ApiResult) => FastifyReply

/** "field: reason" for the first problem, e.g. `devID: devID is required`. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'body: invalid'
  const field = issue.path.length > 0 ? issue.path.join('.') : 'body'
  return `${field}: ${issue.message}`
}

/**
 * One API call: signed (protocol plugin), parsed with its contract's schema (4000 naming
 * the field), authorised (1000), handled, answered as `{code, data, tip, msg}`. A call without
 * a schema takes no input: its route is marked `inputless`, and the protocol plugin does not
 * open its body.
 */
export function createCallRegistrar(app: FastifyInstance, sendResult: SendResult) {
  return function defineCall<Schema extends z.ZodType, Secured extends boolean, Result>(
    definition: CallDefinition<Schema, Secured, Result>,
  ) {
    const { secured, body, handler } = definition
    const answer = (reply: FastifyReply, data: Result) =>
      sendResult(reply, { code: ResultCode.Ok, data: data ?? null, tip: '', msg: 'ok' })
    app.route({
      method: definition.method ?? 'POST',
      url: `${CALL_PATH_PREFIX}${definition.name}`,
      config: { inputless: !body },
      // Not async: a handler that answers at once (a cached config, a constant) is answered
      // in this tick; only a handler that returns a promise goes through one.
      handler: (request, reply) => {
        if (secured && !request.user) {
          sendResult(reply, { code: ResultCode.SessionInvalid, data: null, tip: '', msg: '登录已失效，请重新登录' })
          return
        }
        let input: unknown = undefined
        if (body) {
          const parsed = body.safeParse(request.body ?? {})
          if (!parsed.success) throw new AppError(ResultCode.ValidationError, describeIssue(parsed.error))
          input = parsed.data
        }
        const data = handler(input as z.output<Schema>, new Context(request) as CallContext<Secured>)
        if (!isPromise(data)) return void answer(reply, data)
        return data.then((value) => void answer(reply, value))
      },
    })
  }
}

/**
 * `ip` is read only when a handler asks: with trustProxy it parses X-Forwarded-For. It is the
 * address the per-address limits count, so an IPv6 client is its /64 (it can pick any address
 * in it).
 */
class Context implements CallContext<boolean> {
  constructor(readonly request: FastifyRequest) {}
  get user() {
    return this.request.user
  }
  get token() {
    return this.request.apiToken
  }
  get ip() {
    return clientAddress(this.request)
  }
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}

export type DefineCall = ReturnType<typeof createCallRegistrar>
