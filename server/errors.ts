/**
 * A result the client should see: a business code from core/protocol/codes.ts (or 4000,
 * 1000) with its message. Anything else thrown is a bug and answers 5000 without details.
 */
export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export const SERVER_ERROR_MESSAGE = '服务器繁忙，请稍后再试'
