import type { FastifyServerOptions } from 'fastify'
import type { LogLevel } from './config.ts'

export interface LogOptions {
  level: LogLevel
  /** Where JSON lines go; stdout when absent. Tests pass a stream to read them. */
  stream?: { write(line: string): void }
}

/**
 * Request logs name the method, the path without its query (a query may carry a token in
 * later deep links; the HLS key and playlist URLs carry a play token, `?pt=`), the status and
 * the time. Headers and bodies are not logged; the redaction paths (including the play token's
 * `pt`, `playToken` and X-Play-Token) are a second line of defence should anything log them.
 */
export function loggerOptions(options: LogOptions): FastifyServerOptions['logger'] {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        'req.headers["x-play-token"]',
        'req.body',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers["x-api-key"]',
        'headers.cookie',
        'headers["x-play-token"]',
        'body',
        'token',
        'pt',
        'playToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        const queryAt = request.url.indexOf('?')
        return {
          method: request.method,
          path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
          remoteAddress: request.ip,
        }
      },
    },
  }
}
