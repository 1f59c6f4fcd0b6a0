import { describe, expect, it } from 'vitest'
import { DEV_API_SECRET, DEV_IMAGE_HEAD_KEY } from '../core/protocol/defaults.ts'
import { ConfigError, parseConfig } from './config.ts'

describe('parseConfig', () => {
  it('works with no environment at all (development defaults)', () => {
    expect(parseConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://127.0.0.1:8080',
      dataDir: '.data',
      databaseUrl: '',
      redisUrl: '',
      apiSecret: DEV_API_SECRET,
      imageXorByte: 0x5a,
      imageHeadKey: DEV_IMAGE_HEAD_KEY,
      imageSchemes: { cover: 'marker', ad: 'head', icon: 'offset', avatar: 'marker', upload: 'head' },
      encryptHttp: true,
      encryptRequest: true,
      encryptM3u8: true,
      previewSeconds: 15,
      guestCreation: true,
      guestLimitPerIp: 30,
      sessionTtlDays: 90,
      staticDir: 'dist',
      logLevel: 'info',
      logFormat: 'auto',
      trustProxy: false,
      bodyLimitBytes: 1_048_576,
      rateLimitPerIp: 1200,
      rateLimitPerSession: 600,
      smsGateway: 'sandbox',
      paymentProvider: 'sandbox',
      moderation: 'pre',
      creatorShare: 70,
      inviteShare: 10,
      inviteRegisterPoints: 100,
      inviteDailyCap: 50,
      inviteIpDailyCap: 5,
      metricsToken: '',
      shutdownTimeoutMs: 10_000,
      overloadEventLoopDelayMs: 1000,
      overloadHeapPercent: 90,
    })
  })

  it('treats empty values as unset, like the empty lines of .env.example', () => {
    expect(parseConfig({ PUBLIC_URL: '', IMAGE_HEAD_KEY: '', DATABASE_URL: '', API_SECRET: '' })).toMatchObject({
      publicUrl: 'http://127.0.0.1:8080',
      imageHeadKey: DEV_IMAGE_HEAD_KEY,
      apiSecret: DEV_API_SECRET,
    })
  })

  it('reads every variable', () => {
    const config = parseConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      PUBLIC_URL: 'https://marquee.example/',
      DATA_DIR: '/var/lib/marquee',
      DATABASE_URL: 'postgres://m@db/m',
      REDIS_URL: 'redis://cache:6379',
      API_SECRET: 'other',
      IMAGE_XOR_BYTE: '0x2A',
      IMAGE_HEAD_KEY: 'ABCDEF0123456789abcdef0123456789',
      IMAGE_SCHEMES: ' Cover=offset , ad=MARKER,',
      ENCRYPT_HTTP: 'false',
      ENCRYPT_REQUEST: 'off',
      ENCRYPT_M3U8: 'no',
      PREVIEW_SECONDS: '0',
      GUEST_CREATION: '0',
      GUEST_LIMIT_PER_IP: '5',
      SESSION_TTL_DAYS: '7',
      STATIC_DIR: 'build',
      LOG_LEVEL: 'WARN',
      LOG_FORMAT: 'JSON',
      TRUST_PROXY: 'yes',
      BODY_LIMIT_BYTES: '2048',
      RATE_LIMIT_PER_IP: '0',
      RATE_LIMIT_PER_SESSION: '30',
      SMS_GATEWAY: 'Sandbox',
      PAYMENT_PROVIDER: 'SANDBOX',
      MODERATION: 'Post',
      CREATOR_SHARE: '55',
      INVITE_SHARE: '20',
      INVITE_REGISTER_POINTS: '0',
      INVITE_DAILY_CAP: '3',
      INVITE_IP_DAILY_CAP: '2',
      METRICS_TOKEN: 'scrape-me-0123456789',
      SHUTDOWN_TIMEOUT_MS: '2500',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_HEAP_PERCENT: '80',
    })
    expect(config).toEqual({
      host: '0.0.0.0',
      port: 9000,
      publicUrl: 'https://marquee.example',
      dataDir: '/var/lib/marquee',
      databaseUrl: 'postgres://m@db/m',
      redisUrl: 'redis://cache:6379',
      apiSecret: 'other',
      imageXorByte: 42,
      imageHeadKey: 'abcdef0123456789abcdef0123456789',
      imageSchemes: { cover: 'offset', ad: 'marker', icon: 'offset', avatar: 'marker', upload: 'head' },
      encryptHttp: false,
      encryptRequest: false,
      encryptM3u8: false,
      previewSeconds: 0,
      guestCreation: false,
      guestLimitPerIp: 5,
      sessionTtlDays: 7,
      staticDir: 'build',
      logLevel: 'warn',
      logFormat: 'json',
      trustProxy: 'loopback',
      bodyLimitBytes: 2048,
      rateLimitPerIp: 0,
      rateLimitPerSession: 30,
      smsGateway: 'sandbox',
      paymentProvider: 'sandbox',
      moderation: 'post',
      creatorShare: 55,
      inviteShare: 20,
      inviteRegisterPoints: 0,
      inviteDailyCap: 3,
      inviteIpDailyCap: 2,
      metricsToken: 'scrape-me-0123456789',
      shutdownTimeoutMs: 2500,
      overloadEventLoopDelayMs: 0,
      overloadHeapPercent: 80,
    })
  })

  it('refuses the sandbox text-message gateway in production unless SMS_GATEWAY names it', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(ConfigError)
    expect(() => parseConfig({ NODE_ENV: 'production', SMS_GATEWAY: '' })).toThrow(
      /SMS_GATEWAY: NODE_ENV=production needs a real text-message gateway[\s\S]*Set SMS_GATEWAY=sandbox/,
    )
    const named = { NODE_ENV: 'production', SMS_GATEWAY: 'sandbox', PAYMENT_PROVIDER: 'sandbox' }
    expect(parseConfig(named).smsGateway).toBe('sandbox')
    expect(parseConfig({ NODE_ENV: 'development' }).smsGateway).toBe('sandbox')
  })

  it('names the known gateways when SMS_GATEWAY names another', () => {
    expect(() => parseConfig({ SMS_GATEWAY: 'aliyun' })).toThrow('SMS_GATEWAY="aliyun": expected one of sandbox')
  })

  it('refuses the sandbox payment provider in production unless PAYMENT_PROVIDER names it', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', SMS_GATEWAY: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER: NODE_ENV=production needs a real payment provider[\s\S]*Set PAYMENT_PROVIDER=sandbox/,
    )
    const named = { NODE_ENV: 'production', SMS_GATEWAY: 'sandbox', PAYMENT_PROVIDER: 'sandbox' }
    expect(parseConfig(named).paymentProvider).toBe('sandbox')
    expect(parseConfig({}).paymentProvider).toBe('sandbox')
    expect(parseConfig({ NODE_ENV: 'development', PAYMENT_PROVIDER: '' }).paymentProvider).toBe('sandbox')
  })

  it('names the known providers when PAYMENT_PROVIDER names another', () => {
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      'PAYMENT_PROVIDER="paypal": expected one of sandbox',
    )
  })

  it.each([
    ['false', false],
    ['true', 'loopback'],
    ['10.0.0.1, 10.1.0.0/16', '10.0.0.1,10.1.0.0/16'],
    ['::1', '::1'],
  ])('TRUST_PROXY=%s trusts %s', (raw, expected) => {
    expect(parseConfig({ TRUST_PROXY: raw }).trustProxy).toBe(expected)
  })

  it('refuses a TRUST_PROXY that is neither a switch nor addresses (a hop count believes any client)', () => {
    for (const raw of ['everyone', '2']) expect(() => parseConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY=/)
  })

  it('reports every bad variable at once', () => {
    let error: unknown
    try {
      parseConfig({
        PORT: '80a',
        PUBLIC_URL: 'ftp://x',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'memcached://x',
        IMAGE_XOR_BYTE: '300',
        IMAGE_HEAD_KEY: 'not-hex',
        IMAGE_SCHEMES: 'cover=rot13',
        ENCRYPT_HTTP: 'maybe',
        GUEST_LIMIT_PER_IP: '-1',
        LOG_LEVEL: 'loud',
        LOG_FORMAT: 'xml',
        SMS_GATEWAY: 'carrier-pigeon',
        PAYMENT_PROVIDER: 'barter',
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems
    expect(problems.map((p) => p.split(/[=:]/)[0])).toEqual([
      'PORT',
      'PUBLIC_URL',
      'DATABASE_URL',
      'REDIS_URL',
      'IMAGE_XOR_BYTE',
      'IMAGE_HEAD_KEY',
      'IMAGE_SCHEMES',
      'LOG_LEVEL',
      'LOG_FORMAT',
      'ENCRYPT_HTTP',
      'GUEST_LIMIT_PER_IP',
      'SMS_GATEWAY',
      'PAYMENT_PROVIDER',
    ])
    expect((error as ConfigError).message).toContain('IMAGE_HEAD_KEY: expected 32 hex characters')
  })

  it('refuses an IMAGE_HEAD_KEY whose head-scrambled images would read as plain ones', () => {
    expect(() => parseConfig({ IMAGE_HEAD_KEY: '000000' + '11'.repeat(13) })).toThrow(
      /IMAGE_HEAD_KEY: cannot be used, a head-scrambled JPEG would start like a plain JPEG/,
    )
    expect(() => parseConfig({ IMAGE_HEAD_KEY: '0'.repeat(32) })).toThrow(ConfigError)
  })

  it.each([
    ['cover=rot13', /unknown scheme "rot13" \(schemes: marker, head, offset\)/],
    ['poster=head', /unknown kind "poster" \(kinds: cover, ad, icon, avatar, upload\)/],
    ['cover=head,cover=marker', /cover is given twice/],
    ['cover', /"cover" is not kind=scheme/],
    ['cover=head=marker', /is not kind=scheme/],
  ])('refuses IMAGE_SCHEMES=%j', (raw, message) => {
    expect(() => parseConfig({ IMAGE_SCHEMES: raw })).toThrow(message)
  })

  it('reports every bad IMAGE_SCHEMES entry in one problem', () => {
    expect(() => parseConfig({ IMAGE_SCHEMES: 'cover=x,icon=y,ad=head' })).toThrow(
      /IMAGE_SCHEMES="cover=x,icon=y,ad=head": unknown scheme "x" .*; unknown scheme "y"/,
    )
  })

  it('does not echo the DATABASE_URL, which may hold a password', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://user:hunter2@x' })).toThrow(/^(?!.*hunter2)/s)
  })

  it('does not echo the REDIS_URL either, and wants it only beside a PostgreSQL server', () => {
    expect(() => parseConfig({ REDIS_URL: 'http://:hunter2@x' })).toThrow(/^(?!.*hunter2)/s)
    expect(() => parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/REDIS_URL: needs DATABASE_URL/)
  })

  it('wants a METRICS_TOKEN long enough not to be guessed, and does not echo it', () => {
    expect(() => parseConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN: expected at least 16/)
    expect(() => parseConfig({ METRICS_TOKEN: 'has spaces inside it, sixteen+' })).toThrow(/^(?!.*sixteen)/s)
  })
})
