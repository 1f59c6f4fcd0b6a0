import type { FastifyServerOptions } from 'fastify'
import { prettyFactory } from 'pino-pretty'
import type { LogFormatSetting, LogLevel } from './config.ts'

export type LogFormat = Exclude<LogFormatSetting, 'auto'>

export interface LogOptions {
  level: LogLevel
  /** json (the default): one JSON object a line, for collectors; pretty: one readable line per event. */
  format?: LogFormat
  /** Where lines go; stdout when absent. Tests pass a stream to read them. */
  stream?: { write(line: string): void }
}

/** LOG_FORMAT=auto: pretty for a person at a terminal, JSON for files, pipes and service managers. */
export function logFormatOf(setting: LogFormatSetting, stdoutIsTty: boolean): LogFormat {
  return setting === 'auto' ? (stdoutIsTty ? 'pretty' : 'json') : setting
}

/** A request line as `request completed: GET /path 200 1.2 ms`, not its req and res objects spelt out. */
function messageFormat(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '')
  const req = log.req as { method?: string; path?: string } | undefined
  if (!req) return message
  const status = (log.res as { statusCode?: number } | undefined)?.statusCode
  const ms = typeof log.responseTime === 'number' ? `${log.responseTime.toFixed(1)} ms` : undefined
  return `${message}: ${[req.method, req.path, status, ms].filter((part) => part !== undefined).join(' ')}`
}

/**
 * pino-pretty in this thread, formatting each line pino has already serialised and redacted, so
 * both formats hide the same fields. Colours only on a terminal.
 */
function prettyStream(out: { write(line: string): void }, colorize: boolean) {
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat,
  })
  return { write: (line: string) => void out.write(pretty(line)) }
}

/**
 * Request logs name the method, the path without its query (a query may carry a token in
 * later deep links; the HLS key and playlist URLs carry a play token, `?pt=`), the status and
 * the time. Headers and bodies are not logged; the redaction paths (including the play token's
 * `pt`, `playToken` and X-Play-Token) are a second line of defence should anything log them.
 */
export function loggerOptions(options: LogOptions): FastifyServerOptions['logger'] {
  const stream =
    options.format === 'pretty'
      ? prettyStream(options.stream ?? process.stdout, !options.stream && process.stdout.isTTY === true)
      : options.stream
  return {
    level: options.level,
    ...(stream ? { stream } : {}),
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
