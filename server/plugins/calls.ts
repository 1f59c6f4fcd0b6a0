import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ResultCode, type ApiResult } from '../../core/protocol/codes.ts'
import { AppError } from '../errors.ts'
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
  /** SPEC §6: secured calls answer 1000 without a valid session. */
  secured: Secured
  body?: Schema
  handler: (input: z.output<Schema>, context: CallContext<Secured>) => Promise<Result> | Result
}

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
 * the field), authorised (1000), handled, answered as `{code, data, tip, msg}`.
 */
export function createCallRegistrar(app: FastifyInstance, sendResult: SendResult) {
  return function defineCall<Schema extends z.ZodType, Secured extends boolean, Result>(
    definition: CallDefinition<Schema, Secured, Result>,
  ) {
    app.route({
      method: definition.method ?? 'POST',
      url: `/api/app/${definition.name}`,
      handler: async (request, reply) => {
        if (definition.secured && !request.user) {
          return sendResult(reply, {
            code: ResultCode.SessionInvalid,
            data: null,
            tip: '',
            msg: '登录已失效，请重新登录',
          })
        }
        let input: unknown = undefined
        if (definition.body) {
          const parsed = definition.body.safeParse(request.body ?? {})
          if (!parsed.success) throw new AppError(ResultCode.ValidationError, describeIssue(parsed.error))
          input = parsed.data
        }
        const context = { user: request.user, token: request.apiToken, ip: request.ip, request }
        const data = await definition.handler(input as z.output<Schema>, context as CallContext<Secured>)
        return sendResult(reply, { code: ResultCode.Ok, data: data ?? null, tip: '', msg: 'ok' })
      },
    })
  }
}

export type DefineCall = ReturnType<typeof createCallRegistrar>
