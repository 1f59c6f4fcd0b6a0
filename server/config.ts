import { DEV_API_SECRET, DEV_IMAGE_HEAD_KEY, DEV_IMAGE_XOR_BYTE } from '../core/protocol/defaults.ts'
import { headKeyProblem } from './images/scramble.ts'
import { DEFAULT_IMAGE_SCHEMES, parseImageSchemes, type ImageSchemes } from './modules/images/kinds.ts'
import { SMS_GATEWAYS, type SmsGatewayName } from './modules/accounts/sms-gateway.ts'
import { PAYMENT_PROVIDERS, type PaymentProviderName } from './modules/payments/provider.ts'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
/** auto: pretty on a terminal, json otherwise (a file, a pipe, a service manager). */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const
export type LogFormatSetting = (typeof LOG_FORMATS)[number]

export interface Config {
  host: string
  port: number
  /** Origin the app and its domain entries are served from, without a trailing slash. */
  publicUrl: string
  dataDir: string
  /** Empty: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string
  /**
   * Empty: nonces, rate limits and session revocations stay in this process. `redis://…`:
   * shared by every process on it, so several can serve behind a load balancer (docs/deploy.md).
   */
  redisUrl: string
  apiSecret: string
  imageXorByte: number
  /** 32 lowercase hex characters. */
  imageHeadKey: string
  /** The scrambling scheme per image kind (IMAGE_SCHEMES). */
  imageSchemes: ImageSchemes
  encryptHttp: boolean
  encryptRequest: boolean
  /** AES-128 encrypt imported video segments (HLS); reported as ping/config encryption.m3u8. */
  encryptM3u8: boolean
  /**
   * Seconds of unencrypted preview media:import writes for a priced video (whole segments, at
   * most a third of the video); 0: none.
   */
  previewSeconds: number
  guestCreation: boolean
  /** New guests one IP may create per rolling hour. */
  guestLimitPerIp: number
  sessionTtlDays: number
  staticDir: string
  logLevel: LogLevel
  logFormat: LogFormatSetting
  /**
   * The proxies whose X-Forwarded-For to believe, for the client address the per-IP limits
   * count: false (none) or their addresses/CIDRs (Fastify's trustProxy).
   */
  trustProxy: false | string
  bodyLimitBytes: number
  /** Signed calls one address (IPv6: one /64) may make per minute; 0: no limit. */
  rateLimitPerIp: number
  /** Signed calls one session token may make per minute; 0: no limit. */
  rateLimitPerSession: number
  /** Where text messages (login codes) go. */
  smsGateway: SmsGatewayName
  /** Who takes the payments of recharge/submit (server/modules/payments/README.md). */
  paymentProvider: PaymentProviderName
  /** `pre`: new posts wait in the review queue; `post`: published at once, reports catch the rest. */
  moderation: 'pre' | 'post'
  /** Percent of a paid post's price credited to its author (server/modules/community/README.md). */
  creatorShare: number
  /** Percent of an invitee's paid diamond top-up credited to the inviter (server/modules/invitations/README.md). */
  inviteShare: number
  /** Points the inviter earns when an invitee becomes an account; 0: none. */
  inviteRegisterPoints: number
  /** New invitees one inviter may gain per Asia/Shanghai day. */
  inviteDailyCap: number
  /** Invite bindings one address may make per Asia/Shanghai day. */
  inviteIpDailyCap: number
  /**
   * The bearer token /metrics asks for; empty: /metrics answers only requests made straight over
   * loopback, none a proxy forwarded (docs/operating.md).
   */
  metricsToken: string
  /** How long SIGTERM waits for requests in flight before cutting their connections. */
  shutdownTimeoutMs: number
  /** Mean event-loop delay past which requests are answered 503 with Retry-After; 0: never. */
  overloadEventLoopDelayMs: number
  /** Percent of V8's heap limit in use past which requests are answered 503; 0: never. */
  overloadHeapPercent: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

type Env = Record<string, string | undefined>

const TRUE = new Set(['1', 'true', 'yes', 'on'])
const FALSE = new Set(['0', 'false', 'no', 'off'])

/** An IPv4 or IPv6 address, with or without a prefix length. */
const ADDRESS_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$/

/** MODERATION: `pre` (default) or `post`. */
function moderationOf(raw: string | undefined, problems: string[]): Config['moderation'] {
  const moderation = (raw ?? 'pre').toLowerCase()
  if (moderation === 'pre' || moderation === 'post') return moderation
  problems.push(`MODERATION=${JSON.stringify(raw)}: expected pre or post`)
  return 'pre'
}

/**
 * TRUST_PROXY: false, true (a proxy on this machine: loopback), or the proxies' addresses and
 * CIDRs (proxy-addr also takes loopback, linklocal, uniquelocal). Never "every hop" nor a hop
 * count: either believes whatever X-Forwarded-For a direct client writes.
 */
function trustProxyOf(raw: string | undefined, problems: string[]): Config['trustProxy'] {
  if (raw === undefined || FALSE.has(raw.toLowerCase())) return false
  if (TRUE.has(raw.toLowerCase())) return 'loopback'
  const proxies = raw.split(',').map((part) => part.trim())
  const named = new Set(['loopback', 'linklocal', 'uniquelocal'])
  if (proxies.every((proxy) => named.has(proxy) || ADDRESS_OR_CIDR.test(proxy))) return proxies.join(',')
  problems.push(
    `TRUST_PROXY=${JSON.stringify(raw)}: expected false, true (a proxy on this machine), or the proxies' addresses such as 10.0.0.1,10.1.0.0/16`,
  )
  return false
}

/**
 * An outside service chosen by name (SMS_GATEWAY, PAYMENT_PROVIDER), `sandbox` unless set. A
 * sandbox stands in for the real thing (it shows codes, it takes no money), so a production
 * start (NODE_ENV=production) takes it only when named; `why` says what a production start needs.
 */
function sandboxedServiceOf<Name extends string>(
  variable: string,
  names: readonly Name[],
  why: string,
  env: { raw: string | undefined; production: boolean; problems: string[] },
): Name | 'sandbox' {
  if (env.raw === undefined) {
    if (env.production) env.problems.push(`${variable}: ${why}. Set ${variable}=sandbox to run it anyway (a demo)`)
    return 'sandbox'
  }
  const raw = env.raw.toLowerCase()
  const known = names.find((name) => name === raw)
  if (!known) env.problems.push(`${variable}=${JSON.stringify(env.raw)}: expected one of ${names.join(', ')}`)
  return known ?? 'sandbox'
}

/** Reads the environment once; every bad variable is reported together in one ConfigError. */
export function parseConfig(env: Env): Config {
  const problems: string[] = []
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim()
    return raw === '' ? undefined : raw
  }
  const str = (name: string, fallback: string) => value(name) ?? fallback
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = value(name)
    if (raw === undefined) return fallback
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected an integer from ${min} to ${max}`)
      return fallback
    }
    return n
  }
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = value(name)?.toLowerCase()
    if (raw === undefined) return fallback
    if (TRUE.has(raw)) return true
    if (FALSE.has(raw)) return false
    problems.push(`${name}=${JSON.stringify(raw)}: expected true or false`)
    return fallback
  }

  const host = str('HOST', '127.0.0.1')
  const port = int('PORT', 8080, 1, 65535)

  const publicUrlRaw = value('PUBLIC_URL')
  let publicUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  if (publicUrlRaw !== undefined) {
    const parsed = URL.canParse(publicUrlRaw) ? new URL(publicUrlRaw) : null
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      problems.push(`PUBLIC_URL=${JSON.stringify(publicUrlRaw)}: expected an http(s) URL such as https://example.com`)
    } else {
      publicUrl = publicUrlRaw.replace(/\/+$/, '')
    }
  }

  const databaseUrl = value('DATABASE_URL') ?? ''
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: expected a postgres:// or postgresql:// URL, or empty for the embedded database')
  }

  const redisUrl = value('REDIS_URL') ?? ''
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    problems.push('REDIS_URL: expected a redis:// or rediss:// URL, or empty to keep nonces and limits in this process')
  }
  if (redisUrl && !databaseUrl) {
    problems.push('REDIS_URL: needs DATABASE_URL too; the embedded database serves one process, which needs no Redis')
  }

  const apiSecret = env.API_SECRET === undefined || env.API_SECRET === '' ? DEV_API_SECRET : env.API_SECRET

  let imageXorByte = DEV_IMAGE_XOR_BYTE
  const xorRaw = value('IMAGE_XOR_BYTE')
  if (xorRaw !== undefined) {
    const n = /^0x[0-9a-f]{1,2}$/i.test(xorRaw) ? parseInt(xorRaw, 16) : /^\d{1,3}$/.test(xorRaw) ? Number(xorRaw) : NaN
    if (!(n >= 1 && n <= 255)) {
      problems.push(`IMAGE_XOR_BYTE=${JSON.stringify(xorRaw)}: expected a byte from 1 to 255, e.g. 0x5a or 90`)
    } else {
      imageXorByte = n
    }
  }

  let imageHeadKey = DEV_IMAGE_HEAD_KEY
  const headRaw = value('IMAGE_HEAD_KEY')
  if (headRaw !== undefined) {
    const wellFormed = /^[0-9a-fA-F]{32}$/.test(headRaw)
    const problem = wellFormed ? headKeyProblem(Buffer.from(headRaw, 'hex')) : null
    if (!wellFormed) {
      problems.push('IMAGE_HEAD_KEY: expected 32 hex characters (16 bytes)')
    } else if (problem) {
      problems.push(`IMAGE_HEAD_KEY: cannot be used, ${problem}; choose another key`)
    } else {
      imageHeadKey = headRaw.toLowerCase()
    }
  }

  let imageSchemes: ImageSchemes = { ...DEFAULT_IMAGE_SCHEMES }
  const schemesRaw = value('IMAGE_SCHEMES')
  if (schemesRaw !== undefined) {
    const parsed = parseImageSchemes(schemesRaw)
    if ('problems' in parsed) {
      problems.push(
        `IMAGE_SCHEMES=${JSON.stringify(schemesRaw)}: ${parsed.problems.join('; ')}; expected kind=scheme pairs such as cover=marker,ad=head`,
      )
    } else {
      imageSchemes = parsed.schemes
    }
  }

  const logLevelRaw = str('LOG_LEVEL', 'info').toLowerCase()
  const logLevel = (LOG_LEVELS as readonly string[]).includes(logLevelRaw) ? (logLevelRaw as LogLevel) : 'info'
  if (logLevel !== logLevelRaw)
    problems.push(`LOG_LEVEL=${JSON.stringify(logLevelRaw)}: expected ${LOG_LEVELS.join(', ')}`)
  const logFormatRaw = str('LOG_FORMAT', 'auto').toLowerCase()
  const logFormat = (LOG_FORMATS as readonly string[]).includes(logFormatRaw)
    ? (logFormatRaw as LogFormatSetting)
    : 'auto'
  if (logFormat !== logFormatRaw)
    problems.push(`LOG_FORMAT=${JSON.stringify(logFormatRaw)}: expected ${LOG_FORMATS.join(', ')}`)

  // Sent as a bearer header, never in a URL; short tokens are guessable from outside.
  const metricsToken = value('METRICS_TOKEN') ?? ''
  if (metricsToken && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN: expected at least 16 printable characters without spaces, or empty for loopback only')
  }

  const production = value('NODE_ENV') === 'production'
  const config: Config = {
    host,
    port,
    publicUrl,
    dataDir: str('DATA_DIR', '.data'),
    databaseUrl,
    redisUrl,
    apiSecret,
    imageXorByte,
    imageHeadKey,
    imageSchemes,
    encryptHttp: bool('ENCRYPT_HTTP', true),
    encryptRequest: bool('ENCRYPT_REQUEST', true),
    encryptM3u8: bool('ENCRYPT_M3U8', true),
    previewSeconds: int('PREVIEW_SECONDS', 15, 0, 600),
    guestCreation: bool('GUEST_CREATION', true),
    guestLimitPerIp: int('GUEST_LIMIT_PER_IP', 30, 0, 1_000_000),
    sessionTtlDays: int('SESSION_TTL_DAYS', 90, 1, 3650),
    staticDir: str('STATIC_DIR', 'dist'),
    logLevel,
    logFormat,
    trustProxy: trustProxyOf(value('TRUST_PROXY'), problems),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
    rateLimitPerIp: int('RATE_LIMIT_PER_IP', 1200, 0, 10_000_000),
    rateLimitPerSession: int('RATE_LIMIT_PER_SESSION', 600, 0, 10_000_000),
    smsGateway: sandboxedServiceOf(
      'SMS_GATEWAY',
      SMS_GATEWAYS,
      'NODE_ENV=production needs a real text-message gateway; the sandbox shows every code at /sandbox/sms and sends nothing',
      { raw: value('SMS_GATEWAY'), production, problems },
    ),
    paymentProvider: sandboxedServiceOf(
      'PAYMENT_PROVIDER',
      PAYMENT_PROVIDERS,
      'NODE_ENV=production needs a real payment provider; the sandbox takes no money and anyone can confirm its payments',
      { raw: value('PAYMENT_PROVIDER'), production, problems },
    ),
    moderation: moderationOf(value('MODERATION'), problems),
    creatorShare: int('CREATOR_SHARE', 70, 0, 100),
    inviteShare: int('INVITE_SHARE', 10, 0, 100),
    inviteRegisterPoints: int('INVITE_REGISTER_POINTS', 100, 0, 1_000_000),
    inviteDailyCap: int('INVITE_DAILY_CAP', 50, 0, 1_000_000),
    inviteIpDailyCap: int('INVITE_IP_DAILY_CAP', 5, 0, 1_000_000),
    metricsToken,
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    overloadEventLoopDelayMs: int('OVERLOAD_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
    overloadHeapPercent: int('OVERLOAD_HEAP_PERCENT', 90, 0, 100),
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}
