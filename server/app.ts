import Fastify, { type FastifyInstance } from 'fastify'
import type { Registry } from 'prom-client'
import { ResultCode } from '../core/protocol/codes.ts'
import type { ProtocolCrypto } from '../core/protocol/crypto.ts'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { AppError, sendPlainStatus, SERVER_ERROR_MESSAGE } from './errors.ts'
import { loggerOptions, type LogOptions } from './log.ts'
import { loggableError } from './loggable-error.ts'
import { createAdsService } from './modules/ads/service.ts'
import { registerAdsRoutes } from './modules/ads/routes.ts'
import { createAccountsService } from './modules/accounts/service.ts'
import { registerAccountRoutes } from './modules/accounts/routes.ts'
import { registerSandboxSmsPage } from './modules/accounts/sandbox-page.ts'
import { createSmsGateway, type SmsGateway } from './modules/accounts/sms-gateway.ts'
import { registerImageRoutes } from './modules/images/routes.ts'
import { createCatalogueService } from './modules/catalogue/service.ts'
import { registerCatalogueRoutes } from './modules/catalogue/routes.ts'
import { createPingService, loopbackLines } from './modules/ping/service.ts'
import { createWatchingService, KEY_PATH_PREFIX } from './modules/watching/service.ts'
import { registerKeyRoute, registerWatchingRoutes } from './modules/watching/routes.ts'
import { registerPingRoutes } from './modules/ping/routes.ts'
import { createSearchService } from './modules/search/service.ts'
import { createWalletService } from './modules/wallet/service.ts'
import { registerWalletRoutes } from './modules/wallet/routes.ts'
import { registerSearchRoutes } from './modules/search/routes.ts'
import { registerUploadRoutes, scheduleUploadCleanup } from './modules/uploads/routes.ts'
import { createUploadsService } from './modules/uploads/service.ts'
import { createVideoUploads } from './modules/uploads/video.ts'
import { createJobWorker, type JobWorker } from './modules/jobs/queue.ts'
import { createPostVideos, POST_VIDEO_JOB } from './modules/community/post-videos.ts'
import { createCommentsService } from './modules/community/comments.ts'
import { createCreatorsService } from './modules/community/creators.ts'
import { createPostsService } from './modules/community/posts.ts'
import { registerCommunityRoutes } from './modules/community/routes.ts'
import { createSafetyService } from './modules/community/safety.ts'
import { registerInvitationRoutes } from './modules/invitations/routes.ts'
import { createInvitationsService } from './modules/invitations/service.ts'
import { registerMessageRoutes } from './modules/messages/routes.ts'
import { createMessagesService } from './modules/messages/service.ts'
import { registerSupportRoutes } from './modules/support/routes.ts'
import { createSupportService } from './modules/support/service.ts'
import { registerWelfareRoutes } from './modules/welfare/routes.ts'
import { createWelfareServices } from './modules/welfare/service.ts'
import { createPaymentCatalogue } from './modules/payments/catalogue.ts'
import { notifyUrlOf, NOTIFY_PATH_PREFIX, registerNotifyRoute } from './modules/payments/notify-route.ts'
import { createOrdersService, type PaymentServices } from './modules/payments/orders.ts'
import { registerPaymentRoutes, scheduleOrderSweep } from './modules/payments/routes.ts'
import { registerSandboxCheckoutPage } from './modules/payments/sandbox-checkout-page.ts'
import { createPaymentProvider } from './modules/payments/sandbox-provider.ts'
import { CALL_PATH_PREFIX } from '../core/contracts/call.ts'
import { createCallRegistrar } from './plugins/calls.ts'
import { databaseProbe, registerHealthRoutes, type ReadinessProbe } from './plugins/health.ts'
import { registerMetrics } from './plugins/metrics.ts'
import { OverloadedError, registerOverloadShedding } from './plugins/overload.ts'
import { createMemoryNonceStore, createRedisNonceStore, type NonceStore } from './plugins/nonce-store.ts'
import { createResultSender, registerProtocol } from './plugins/protocol.ts'
import { createCallerLimit } from './plugins/rate-limit.ts'
import { RateLimitedError } from './plugins/failure-limit.ts'
import { RequestLog } from './plugins/request-log.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerCrossOriginCalls } from './plugins/cross-origin-calls.ts'
import { mediaDirOf, registerStreamRoutes } from './modules/streams/routes.ts'
import { createSessionLookup, registerSession, type SessionLookup } from './plugins/session.ts'
import { registerStaticApp } from './plugins/static-app.ts'
import { createNodeCrypto } from './protocol/node-crypto.ts'
import { connectRedis, isRedisUnavailable, REDIS_RETRY_AFTER_SECONDS, type SharedRedis } from './redis.ts'

export interface AppOptions {
  config: Config
  db: Db
  log: LogOptions
  /** Milliseconds, like Date.now; tests move it. */
  now?: () => number
  nonceStore?: NonceStore
  randomBytes?: (length: number) => Uint8Array
  crypto?: ProtocolCrypto
  /**
   * What every process shares (REDIS_URL): nonces, rate limits, session revocations. Given, its
   * owner closes it (server/main.ts, tests); absent with REDIS_URL set, the app connects its own
   * and quits it as it closes.
   */
  redis?: SharedRedis
  /** Shared with the admin control socket, so its commands can end sessions here at once (built with `redis`). */
  sessions?: SessionLookup
  /** Where text messages go; the gateway SMS_GATEWAY names unless given. */
  smsGateway?: SmsGateway
  /** Check every call's answer against its contract (tests). */
  checkAnswers?: boolean
  /** What /readyz checks besides the database (Redis, when REDIS_URL is set). */
  readinessProbes?: readonly ReadinessProbe[]
}

/** How often a Redis outage is logged while calls keep meeting it. */
const REDIS_WARNING_INTERVAL_MS = 60_000

/** The whole server as one Fastify instance; reads no environment and does not listen. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options
  const now = options.now ?? Date.now
  const crypto = options.crypto ?? createNodeCrypto({ pinned: [config.apiSecret] })
  const requestLog = new RequestLog(now)
  const app = Fastify({
    logger: loggerOptions(options.log),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    logController: requestLog,
    // Fastify's default answer to a malformed URL (bad percent-encoding) repeats the URL.
    frameworkErrors: (_error, _request, reply) => sendPlainStatus(reply, 400),
  })

  const redis = options.redis ?? (config.redisUrl ? await connectRedis(config.redisUrl, { log: app.log }) : null)
  if (redis && !options.redis) app.addHook('onClose', async () => redis.close())
  const nonceStore =
    options.nonceStore ??
    (redis
      ? createRedisNonceStore(redis)
      : createMemoryNonceStore({
          now,
          onEvicted: (count) => app.log.warn({ count }, 'nonce store full: the oldest nonces were forgotten early'),
        }))
  app.decorate('redis', redis)
  app.decorate('nonceStore', nonceStore)
  const sendResult = createResultSender({ config, crypto })
  registerSecurityHeaders(app, { connectSources: loopbackLines(config.publicUrl) })
  // First, so every route is measured, and shed before anything else runs.
  const metrics = registerMetrics(app, { db, token: config.metricsToken, nonceStore, log: app.log })
  app.decorate('metrics', metrics)
  registerCrossOriginCalls(app)
  await registerOverloadShedding(app, { config, metrics })
  const redisProbe: ReadinessProbe[] = redis
    ? [
        {
          name: 'redis',
          check: async () => {
            if (!(await redis.ping())) throw new Error('Redis did not answer PING')
          },
        },
      ]
    : []
  registerHealthRoutes(app, [databaseProbe(db), ...redisProbe, ...(options.readinessProbes ?? [])], now)
  app.addHook('onClose', async () => requestLog.summarise(app.log))
  const limitCaller = createCallerLimit({ perIp: config.rateLimitPerIp, perSession: config.rateLimitPerSession }, redis)
  registerProtocol(app, {
    config,
    crypto,
    now,
    nonceStore,
    // The payment provider's notifications carry the provider's own signature (notify-route.ts).
    unsignedPrefixes: [KEY_PATH_PREFIX, NOTIFY_PATH_PREFIX],
    limitCaller,
  })
  const sessions = options.sessions ?? createSessionLookup({ db, now, redis, log: app.log })
  registerSession(app, sessions)

  // Redis away: every call that needs it fails alike, so one warning a minute says so (and how many).
  let redisWarnedAt = -Infinity
  let redisRefusedSince = 0
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof OverloadedError) {
      // Counted as it was shed (overload.ts); one line per request would add to the load.
      reply.header('Retry-After', String(error.retryAfterSeconds))
      return sendPlainStatus(reply, 503)
    }
    if (isRedisUnavailable(error)) {
      redisRefusedSince++
      if (Date.now() - redisWarnedAt >= REDIS_WARNING_INTERVAL_MS) {
        redisWarnedAt = Date.now()
        request.log.warn(
          { err: loggableError(error), refused: redisRefusedSince },
          'redis unavailable: calls answered 503 (one line a minute)',
        )
        redisRefusedSince = 0
      }
      reply.header('Retry-After', String(REDIS_RETRY_AFTER_SECONDS))
      return sendPlainStatus(reply, 503)
    }
    if (error instanceof AppError) {
      // A business code's message is for the user (tip); 4000 and 1000 say what was wrong (msg).
      const tip =
        error.code === ResultCode.ValidationError || error.code === ResultCode.SessionInvalid ? '' : error.message
      if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds))
      if (error.httpStatus !== undefined) {
        return reply.code(error.httpStatus).send({ code: error.code, data: null, tip, msg: error.message })
      }
      return sendResult(reply, { code: error.code, data: null, tip, msg: error.message })
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500
    if (status === 413) {
      return reply.code(413).send({ code: ResultCode.ValidationError, data: null, tip: '', msg: 'body: too large' })
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (unsupported content type, malformed request): a call answers
      // them as a result; anything else (a static file, an image) with its status, and neither
      // echoes what was asked.
      if (request.routeOptions.url?.startsWith(CALL_PATH_PREFIX))
        return sendResult(reply, { code: ResultCode.ValidationError, data: null, tip: '', msg: 'body: not accepted' })
      // The static files answer 403 to a path that leaves their folder: to a client it is not found.
      return sendPlainStatus(reply, status === 403 ? 404 : status)
    }
    request.log.error({ err: loggableError(error) }, 'unexpected error')
    return reply.code(500).send({ code: ResultCode.ServerError, data: null, tip: '', msg: SERVER_ERROR_MESSAGE })
  })

  const smsGateway = options.smsGateway ?? createSmsGateway(config.smsGateway, { now })
  const calls = createCallRegistrar(app, sendResult, { checkAnswers: options.checkAnswers ?? false })
  const ping = createPingService({ db, config, now })
  registerPingRoutes(calls.forModule('ping'), ping)
  const wallet = createWalletService({ db, now })
  const invitations = createInvitationsService({
    db,
    now,
    config,
    wallet,
    counters: redis,
    ...(options.randomBytes ? { randomBytes: options.randomBytes } : {}),
  })
  registerAccountRoutes(
    calls.forModule('accounts'),
    createAccountsService({
      db,
      config,
      now,
      sessions,
      smsGateway,
      invites: invitations.accountHooks,
      counters: redis,
      ...(options.randomBytes ? { randomBytes: options.randomBytes } : {}),
    }),
  )

  const catalogue = createCatalogueService({ db, now })
  registerCatalogueRoutes(calls.forModule('catalogue'), catalogue)
  registerSearchRoutes(calls.forModule('search'), createSearchService({ db, now }))
  registerAdsRoutes(calls.forModule('ads'), createAdsService({ db, now, appConfig: ping.appConfig }))
  registerWalletRoutes(calls.forModule('wallet'), wallet)
  const watching = createWatchingService({
    db,
    now,
    media: catalogue,
    appConfig: ping.appConfig,
    counters: redis,
    ...(options.randomBytes ? { randomBytes: options.randomBytes } : {}),
  })
  registerWatchingRoutes(calls.forModule('watching'), watching)
  registerKeyRoute(app, watching)
  const uploads = createUploadsService({
    db,
    config,
    now,
    ...(options.randomBytes ? { randomBytes: options.randomBytes } : {}),
  })
  const postVideos = createPostVideos({ db, now, config, log: app.log })
  const jobs = createJobWorker({ db, now, log: app.log, handlers: { [POST_VIDEO_JOB]: postVideos.job } })
  const videoUploads = createVideoUploads({ db, config, now, postVideos: postVideos.sink, jobQueued: jobs.wake })
  registerUploadRoutes(calls.forModule('uploads'), uploads, videoUploads)
  scheduleUploadCleanup(app, {
    uploads: () => uploads.removeStaleUploads(),
    postVideos: () => postVideos.removeUnattached(),
    images: () => uploads.removeUnattachedImages(),
    orphanFiles: () => videoUploads.removeOrphanFiles(),
  })
  // The worker starts once the app is ready and stops (its running job queued again) as it closes.
  app.addHook('onReady', async () => jobs.start())
  app.addHook('onClose', async () => jobs.stop())
  app.decorate('jobs', jobs)

  const paymentProvider = createPaymentProvider(config.paymentProvider, {
    db,
    now,
    log: app.log,
    // The sandbox notifies this server where it listens (known once app.listen has run).
    notifyUrl: () => notifyUrlOf(app.server.address(), config.paymentProvider),
    ...(options.randomBytes ? { randomBytes: options.randomBytes } : {}),
  })
  const paymentCatalogue = createPaymentCatalogue({ db, provider: paymentProvider })
  const orders = createOrdersService({
    db,
    now,
    provider: paymentProvider,
    catalogue: paymentCatalogue,
    wallet,
    log: app.log,
    onTopUpCredited: invitations.onTopUpCredited,
    ...(options.randomBytes ? { randomBytes: options.randomBytes } : {}),
  })
  registerPaymentRoutes(calls.forModule('payments'), { catalogue: paymentCatalogue, orders })
  const communityDeps = { db, now, config, playLines: watching.tokenLines }
  registerCommunityRoutes(calls.forModule('community'), {
    posts: createPostsService(communityDeps),
    comments: createCommentsService(communityDeps),
    creators: createCreatorsService(communityDeps),
    safety: createSafetyService(communityDeps),
  })
  registerWelfareRoutes(calls.forModule('welfare'), createWelfareServices({ db, now, wallet, counters: redis }))
  registerInvitationRoutes(calls.forModule('invitations'), invitations)
  registerMessageRoutes(calls.forModule('messages'), createMessagesService({ db }))
  registerSupportRoutes(calls.forModule('support'), createSupportService({ db, now }))
  registerNotifyRoute(app, { provider: paymentProvider, orders })
  scheduleOrderSweep(app, orders)
  app.decorate('payments', { orders, provider: paymentProvider } satisfies PaymentServices)
  calls.assertComplete()

  registerImageRoutes(app, { db })
  registerStreamRoutes(app, { db, mediaDir: mediaDirOf(config) })
  registerSandboxSmsPage(app, smsGateway)
  registerSandboxCheckoutPage(app, paymentProvider)

  await registerStaticApp(app, config.staticDir)
  return app
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Handed to the admin control socket's commands by server/main.ts. */
    payments: PaymentServices
    /** This process's job worker (tests drain it). */
    jobs: JobWorker
    /** The Redis the processes share (REDIS_URL; null: in process), e.g. for /readyz (`ping()`). */
    redis: SharedRedis | null
    /** Where nonces are remembered; `counts()` for /metrics. */
    nonceStore: NonceStore
    /** The app's Prometheus registry (/metrics): `registers: [app.metrics]` adds a metric. */
    metrics: Registry
  }
}
