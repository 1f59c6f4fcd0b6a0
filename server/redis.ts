import { Redis } from 'ioredis'

/**
 * The Redis every process of one deployment shares (REDIS_URL): nonces, rate-limit counters and
 * the channel that tells every process a session has ended (server/plugins/README.md). One
 * connection for commands and one for subscriptions, since a subscribed connection can run
 * nothing else.
 */
export interface SharedRedis {
  /** Commands: SET NX for nonces, the counters, PUBLISH. */
  readonly client: Redis
  /** Begins every key and channel name, so deployments (and test files) on one Redis keep apart. */
  readonly prefix: string
  /** Where its users log what they only note (the `log` connectRedis was given). */
  readonly log?: RedisLog
  /** Whether Redis answers now (for /readyz). */
  ping(): Promise<boolean>
  /**
   * Hears `channel` (prefixed). `listening` is false until Redis has answered the SUBSCRIBE, and
   * again from the moment the connection drops until it is subscribed again; `onSubscribed` runs
   * each time it becomes true, since whatever was published before is lost.
   */
  subscribe(channel: string, handlers: ChannelHandlers): Channel
  /** Quits both connections (the app's onClose). */
  close(): Promise<void>
}

export interface ChannelHandlers {
  onMessage(message: string): void
  onSubscribed?(): void
}

export interface Channel {
  /** Resolves once Redis took the message (every subscribed process has been sent it). */
  publish(message: string): Promise<void>
  readonly listening: boolean
}

export interface RedisLog {
  warn(object: object, message: string): void
}

/** The URL without its password, for messages and logs. */
export function redactedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.href
  } catch {
    return '(unparsable REDIS_URL)'
  }
}

export class RedisUnreachableError extends Error {
  override name = 'RedisUnreachableError'
}

const CONNECT_TIMEOUT_MS = 5_000
/** How long a request waits for one command before it is answered 503 (a Redis that hangs). */
export const COMMAND_TIMEOUT_MS = 1_000
/** What a call refused for want of Redis tells the client to wait (HTTP 503 Retry-After). */
export const REDIS_RETRY_AFTER_SECONDS = 5

/**
 * Raised by ioredis when Redis is away: no connection (enableOfflineQueue false), a command that
 * timed out, a connection closed under a command, or one reconnect attempt spent.
 */
const UNAVAILABLE_MESSAGES = new Set([
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
  'Connection is closed.',
])
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'])

/** A request refused because Redis did not answer: HTTP 503 with Retry-After (app.ts). */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError'
  constructor(options?: { cause?: unknown }) {
    super('Redis did not answer', options)
  }
}

/**
 * Whether `error` (or what caused it: @fastify/rate-limit and rate-limiter-flexible pass ioredis's
 * errors on as they are, a wrapper may keep them as its cause) says Redis is away, not that a
 * command was wrong.
 */
export function isRedisUnavailable(error: unknown): boolean {
  for (let each = error, depth = 0; each instanceof Error && depth < 5; each = each.cause, depth++) {
    if (each instanceof RedisUnavailableError || each.name === 'MaxRetriesPerRequestError') return true
    if (UNAVAILABLE_MESSAGES.has(each.message)) return true
    const code = (each as { code?: unknown }).code
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
  }
  return false
}

/** Named `<prefix>commands` and `<prefix>subscriber` in Redis's CLIENT LIST. */
function newConnection(url: string, name: string, role: 'commands' | 'subscriber'): Redis {
  return new Redis(url, {
    connectionName: name,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A command fails after one reconnect attempt instead of holding a request for twenty
    // (the rate-limit plugin's advice): a call is refused while Redis is away, never let through.
    maxRetriesPerRequest: 1,
    ...(role === 'commands'
      ? {
          // While Redis is away a command fails at once instead of waiting in a queue for the
          // reconnect, and one that Redis does not answer (a hung server) fails after
          // COMMAND_TIMEOUT_MS: the request is answered 503, not held. The subscriber keeps
          // ioredis's defaults: it sends nothing a request waits for, and resubscribes as it reconnects.
          enableOfflineQueue: false,
          commandTimeout: COMMAND_TIMEOUT_MS,
        }
      : {}),
  })
}

/**
 * Connects both connections and checks Redis answers; throws RedisUnreachableError (without the
 * password) when it does not, so the server refuses to start rather than run without its shared state.
 */
export async function connectRedis(
  url: string,
  options: { prefix?: string; log?: RedisLog } = {},
): Promise<SharedRedis> {
  const prefix = options.prefix ?? 'marquee:'
  const client = newConnection(url, `${prefix}commands`, 'commands')
  const subscriber = newConnection(url, `${prefix}subscriber`, 'subscriber')
  // Without a listener ioredis drops its errors silently. While connecting, the first error says
  // why (connect() itself only says the connection closed); after, a reconnect loop logs one line per attempt.
  let connected = false
  let firstError: Error | null = null
  for (const [name, connection] of [
    ['commands', client],
    ['subscriber', subscriber],
  ] as const) {
    connection.on('error', (error: Error) => {
      if (connected) options.log?.warn({ connection: name, error: error.message }, 'redis error')
      else firstError ??= error
    })
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()])
    await client.ping()
    connected = true
  } catch (error) {
    client.disconnect()
    subscriber.disconnect()
    throw new RedisUnreachableError(
      `Could not connect to Redis (REDIS_URL ${redactedRedisUrl(url)}): ${(firstError ?? (error as Error)).message}`,
    )
  }

  const channels = new Map<string, { handlers: ChannelHandlers; channel: { listening: boolean } }>()
  subscriber.on('message', (name: string, message: string) => channels.get(name)?.handlers.onMessage(message))
  // Whatever is published while the connection is down never arrives: a channel stops trusting
  // what it heard from the close until its SUBSCRIBE is answered again. ioredis resubscribes on
  // its own but says 'ready' before; our SUBSCRIBE (idempotent) is answered after its own.
  let connection = 0
  subscriber.on('close', () => {
    connection++
    for (const { channel } of channels.values()) channel.listening = false
  })
  const listen = (name: string) => {
    const entry = channels.get(name)!
    const subscribedOn = connection
    subscriber.subscribe(name).then(
      () => {
        if (connection !== subscribedOn || subscriber.status !== 'ready') return
        entry.channel.listening = true
        entry.handlers.onSubscribed?.()
      },
      (error: Error) => options.log?.warn({ channel: name, error: error.message }, 'redis subscribe failed'),
    )
  }
  subscriber.on('ready', () => {
    for (const [name, { channel }] of channels) if (!channel.listening) listen(name)
  })

  return {
    client,
    prefix,
    ...(options.log ? { log: options.log } : {}),
    async ping() {
      try {
        return (await client.ping()) === 'PONG'
      } catch {
        return false
      }
    },
    subscribe(name, handlers) {
      const fullName = `${prefix}${name}`
      const channel = {
        listening: false,
        publish: async (message: string) => void (await client.publish(fullName, message)),
      }
      channels.set(fullName, { handlers, channel })
      listen(fullName)
      return channel
    },
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()])
    },
  }
}
