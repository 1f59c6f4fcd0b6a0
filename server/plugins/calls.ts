import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  CALL_PATH_PREFIX,
  describeIssue,
  type Call,
  type ChunkPart,
  type InputOf,
  type ServerModule,
} from '../../core/contracts/call.ts'
import { CALLS } from '../../core/contracts/registry.ts'
import { UPLOAD_CHUNK_SIZE } from '../../core/contracts/upload.ts'
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

export type CallHandler<C extends Call> = (
  input: InputOf<C>,
  context: CallContext<C['secured']>,
) => Promise<v.InferInput<C['response']>> | v.InferInput<C['response']>

/** A multipart call's handler as the registrar sees it: parsed parameters and the chunk. */
type ChunkHandler = (input: object & ChunkPart, context: CallContext<boolean>) => unknown

type SendResult = (reply: FastifyReply, result: ApiResult, options?: { plain?: boolean }) => FastifyReply

/** The largest chunk a multipart call reads: the last chunk absorbs the remainder, up to 2 × the chunk size. */
const MAX_CHUNK_BYTES = 2 * UPLOAD_CHUNK_SIZE
/** simple-uploader sends 8 parameters; room for a few `query` extras, none of them large. */
const MAX_MULTIPART_FIELDS = 16
const MAX_MULTIPART_FIELD_BYTES = 1024

const SESSION_INVALID_MESSAGE = '登录已失效，请重新登录'

/**
 * For calls the protocol opens to anonymous callers that still act on the caller's account
 * (login/bindMobile, redeem/exchange as in the original app): the context of a signed-in caller.
 */
export function requireSignedIn(context: CallContext<boolean>): CallContext<true> {
  if (!context.user) throw new AppError(ResultCode.SessionInvalid, SESSION_INVALID_MESSAGE)
  // Not a spread: the context's token, ip and user are getters, which a spread leaves out.
  return context as CallContext<true>
}

export interface CallRegistrarOptions {
  /** Check every answer against its call's response schema, and fail the request when it differs (tests). */
  checkAnswers: boolean
}

/**
 * Registers handlers against the entries of core/contracts/calls.ts. Each call is signed
 * (protocol plugin), parsed with its request schema (4000 naming the field), authorised (1000),
 * handled, answered as `{code, data, tip, msg}`. A call without a request schema takes no input:
 * its route is marked `inputless`, and the protocol plugin does not open its body.
 *
 * A `multipart` call gets two routes at its URL: POST multipart/form-data (the parameters as
 * fields, the chunk as the one file part, read with @fastify/multipart's limits in a scope of its
 * own) and GET with the parameters in the query, the check whether a chunk is already there. Its
 * refusals carry an HTTP status besides the code (4000 → 400, 1000 → 401), because simple-uploader
 * reads statuses: to its GET check any 200 means "present". The check answers 204 with no body
 * when the handler answers `present: false`.
 */
export function createCallRegistrar(app: FastifyInstance, sendResult: SendResult, options: CallRegistrarOptions) {
  const registered = new Set<string>()

  /** The registrar of one server module: it may answer only the calls whose entry names it. */
  function forModule(module: ServerModule) {
    return function answer<C extends Call>(call: C, handler: CallHandler<C>) {
      if (call.module !== module) throw new Error(`${call.name} belongs to the ${call.module} module, not ${module}`)
      registered.add(call.name)
      const { secured, request: schema, response } = call
      // Multipart calls carry no envelope either way: their answers go out plain.
      const plain = call.transport === 'multipart'
      const reply200 = (reply: FastifyReply, answer: unknown) => {
        const data = answer ?? null
        if (options.checkAnswers) {
          const checked = v.safeParse(response, data)
          if (!checked.success)
            throw new Error(`${call.name} answered outside its contract: ${describeIssue(checked.issues)}`)
        }
        sendResult(reply, { code: ResultCode.Ok, data, tip: '', msg: 'ok' }, { plain })
      }
      if (plain) {
        answerChunks(call, handler as unknown as ChunkHandler, reply200)
        return
      }
      app.route({
        method: call.method,
        url: `${CALL_PATH_PREFIX}${call.name}`,
        config: { inputless: !schema },
        // Not async: a handler that answers at once (a cached config, a constant) is answered
        // in this tick; only a handler that returns a promise goes through one.
        handler: (request, reply) => {
          if (secured && !request.user) {
            sendResult(reply, { code: ResultCode.SessionInvalid, data: null, tip: '', msg: SESSION_INVALID_MESSAGE })
            return
          }
          let input: unknown = undefined
          if (schema) {
            const parsed = v.safeParse(schema, request.body ?? {})
            if (!parsed.success) throw new AppError(ResultCode.ValidationError, describeIssue(parsed.issues))
            input = parsed.output
          }
          const data = handler(input as InputOf<C>, new Context(request) as CallContext<C['secured']>)
          if (!isPromise(data)) return void reply200(reply, data)
          return data.then((value) => void reply200(reply, value))
        },
      })
    }
  }

  function answerChunks(call: Call, handler: ChunkHandler, reply200: (reply: FastifyReply, answer: unknown) => void) {
    const url = `${CALL_PATH_PREFIX}${call.name}`
    const parse = (params: unknown) => {
      if (!call.request) return {}
      const parsed = v.safeParse(call.request, params)
      if (!parsed.success) throw new AppError(ResultCode.ValidationError, describeIssue(parsed.issues), 400)
      return parsed.output as object
    }
    const authorise = (request: FastifyRequest) => {
      if (call.secured && !request.user) throw new AppError(ResultCode.SessionInvalid, SESSION_INVALID_MESSAGE, 401)
    }
    app.register(async (scope) => {
      await scope.register(multipart, {
        limits: {
          fileSize: MAX_CHUNK_BYTES,
          files: 1,
          fields: MAX_MULTIPART_FIELDS,
          fieldSize: MAX_MULTIPART_FIELD_BYTES,
          parts: MAX_MULTIPART_FIELDS + 1,
        },
      })
      scope.post(url, async (request, reply) => {
        authorise(request)
        const fields = new Map<string, unknown>()
        let chunk: Uint8Array | null = null
        for await (const part of request.parts()) {
          if (part.type === 'file') chunk = await part.toBuffer()
          else fields.set(part.fieldname, part.value)
        }
        const params = parse(Object.fromEntries(fields))
        if (!chunk) throw new AppError(ResultCode.ValidationError, 'file: the chunk is missing', 400)
        reply200(reply, await handler({ ...params, chunk }, new Context(request)))
      })
      scope.get(url, async (request, reply) => {
        authorise(request)
        const answer = await handler({ ...parse(request.query), chunk: null }, new Context(request))
        if ((answer as { present?: unknown }).present === false) return reply.code(204).send()
        reply200(reply, answer)
      })
    })
  }

  /** Throws unless every entry of the registry has a handler: a call the app may send is never a 404. */
  function assertComplete() {
    const missing = CALLS.filter((call) => !registered.has(call.name)).map((call) => call.name)
    if (missing.length > 0) throw new Error(`no handler for ${missing.join(', ')}`)
  }

  return { forModule, assertComplete }
}

export type AnswerCall = ReturnType<ReturnType<typeof createCallRegistrar>['forModule']>

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
