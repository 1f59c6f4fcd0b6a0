import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify'

/** Refusals are summarised in at most one line per this many milliseconds. */
const REFUSAL_SUMMARY_MS = 10_000

/**
 * Fastify's request log lines, one per request instead of two: written when the request
 * completes, with the method, path, address, status and time. Refusals (4xx: unsigned, replayed,
 * rate-limited, unknown paths) are counted by status instead and summarised by the first request
 * (of any kind) to complete REFUSAL_SUMMARY_MS after the first refusal counted, and on close, so a
 * flood cannot fill the disk.
 */
export class RequestLog extends LogController {
  private refused = new Map<number, number>()
  private windowStart = 0

  constructor(private readonly now: () => number) {
    super()
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode
    const now = this.now()
    if (this.refused.size > 0 && now - this.windowStart >= REFUSAL_SUMMARY_MS) this.summarise(request.server.log)
    if (error) {
      request.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    } else if (status >= 400 && status < 500) {
      if (this.refused.size === 0) this.windowStart = now
      this.refused.set(status, (this.refused.get(status) ?? 0) + 1)
    } else {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
    }
  }

  /** Writes the refusals counted since the last summary, if any (also called on close). */
  summarise(log: FastifyBaseLogger) {
    if (this.refused.size === 0) return
    const total = [...this.refused.values()].reduce((sum, n) => sum + n, 0)
    const seconds = Math.round((this.now() - this.windowStart) / 1000)
    log.warn({ refused: Object.fromEntries(this.refused), seconds }, `${total} requests refused`)
    this.refused = new Map()
  }
}
