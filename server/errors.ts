import { STATUS_CODES } from 'node:http'
import type { FastifyReply } from 'fastify'
import { BUSINESS_MESSAGES, type BusinessCode } from '../core/protocol/codes.ts'

/**
 * A result the client should see: a business code from core/protocol/codes.ts (or 4000,
 * 1000) with its message. Anything else thrown is a bug and answers 5000 without details.
 * `httpStatus` replaces the code's usual status (HTTP 200 for most) where a client reads
 * statuses rather than codes: the chunked uploads (server/modules/uploads/README.md).
 */
export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message)
  }
}

/** The business code with the message the app shows for it (core/protocol/codes.ts). */
export const businessError = (code: BusinessCode, httpStatus?: number) =>
  new AppError(code, BUSINESS_MESSAGES[code], httpStatus)

export const SERVER_ERROR_MESSAGE = '服务器繁忙，请稍后再试'

/** A bare status for what is not a call or a page: nothing of the request is echoed. */
export function sendPlainStatus(reply: FastifyReply, status: number) {
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(STATUS_CODES[status] ?? 'Error')
}
