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

/** Named `<prefix>commands` and `<prefix>subscriber` in Redis's CLIENT LIST. */
function newConnection(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A command fails after one reconnect attempt instead of holding a request for twenty
    // (the rate-limit plugin's advice): a call is refused while Redis is away, never let through.
    maxRetriesPerRequest: 1,
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
  const client = newConnection(url, `${prefix}commands`)
  const subscriber = newConnection(url, `${prefix}subscriber`)
  // Without a listener ioredis drops its errors silently; a reconnect loop logs one line per attempt.
  for (const [name, connection] of [
    ['commands', client],
    ['subscriber', subscriber],
  ] as const) {
    connection.on('error', (error: Error) =>
      options.log?.warn({ connection: name, error: error.message }, 'redis error'),
    )
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()])
    await client.ping()
  } catch (error) {
    client.disconnect()
    subscriber.disconnect()
    throw new RedisUnreachableError(
      `Could not connect to Redis (REDIS_URL ${redactedRedisUrl(url)}): ${(error as Error).message}`,
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
