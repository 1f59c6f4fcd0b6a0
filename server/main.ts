/**
 * `npx tsx server/main.ts`: configuration from the environment (every bad variable reported
 * at once), the data-directory lock, the database with its migrations and demo data, the
 * app, the admin control socket, and a graceful close on SIGTERM/SIGINT.
 */
import { openAdminChannel, type AdminChannel } from './admin/channel.ts'
import { buildApp } from './app.ts'
import { ConfigError, parseConfig, type Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { acquireDataDirLock, LockError, type DataDirLock } from './db/lock.ts'
import { seedDemoData } from './db/seed.ts'
import { logFormatOf } from './log.ts'
import { createSmsGateway } from './modules/accounts/sms-gateway.ts'
import { mediaDirOf } from './modules/streams/routes.ts'
import { createSessionLookup } from './plugins/session.ts'
import { connectRedis, RedisUnreachableError, type RedisLog, type SharedRedis } from './redis.ts'

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

let config: Config
try {
  config = parseConfig(process.env)
} catch (error) {
  if (error instanceof ConfigError) fail(error.message)
  throw error
}

let lock: DataDirLock | null = null
if (!config.databaseUrl) {
  // Only the embedded database needs one process per directory; PostgreSQL serves many.
  try {
    lock = acquireDataDirLock(config.dataDir)
  } catch (error) {
    if (error instanceof LockError) fail(error.message)
    throw error
  }
}

let database: Database
try {
  database = await openDatabase(config)
  await database.migrate()
  await seedDemoData(database.db, new Date(), {
    images: config,
    mediaDir: mediaDirOf(config),
    demoAccount: process.env.NODE_ENV !== 'production',
    creatorShare: config.creatorShare,
  })
} catch (error) {
  lock?.release()
  const where = config.databaseUrl ? 'DATABASE_URL' : `${config.dataDir}/pglite`
  fail(`Could not open the database (${where}): ${(error as Error).message}`)
}

// Redis connects before the app is built (the admin socket's session lookup shares it): its
// warnings go to stderr until the app's log takes them.
const redisLog: RedisLog & { to: RedisLog | null } = {
  to: null,
  warn(object, message) {
    if (this.to) this.to.warn(object, message)
    else process.stderr.write(`${message} ${JSON.stringify(object)}\n`)
  },
}
let redis: SharedRedis | null = null
if (config.redisUrl) {
  try {
    redis = await connectRedis(config.redisUrl, { log: redisLog })
  } catch (error) {
    await database.close()
    if (error instanceof RedisUnreachableError) fail(error.message)
    throw error
  }
}

const sessions = createSessionLookup({ db: database.db, now: Date.now, redis, log: redisLog })
// One gateway for the app and the admin commands, so sms:outbox shows what the app sent.
const smsGateway = createSmsGateway(config.smsGateway, { now: Date.now })
const app = await buildApp({
  config,
  db: database.db,
  ...(redis ? { redis } : {}),
  sessions,
  smsGateway,
  log: { level: config.logLevel, format: logFormatOf(config.logFormat, process.stdout.isTTY === true) },
})
redisLog.to = app.log
let channel: AdminChannel | null = null
// Before the database closes: a command still running finishes on it.
app.addHook('preClose', async () => channel?.close())
app.addHook('onClose', async () => {
  await redis?.close()
  await database.close()
  lock?.release()
})

try {
  await app.listen({ host: config.host, port: config.port })
} catch (error) {
  await app.close()
  fail(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`)
}
try {
  channel = await openAdminChannel({
    dataDir: config.dataDir,
    services: { config, db: database.db, now: Date.now, sessions, smsGateway, payments: app.payments },
    log: app.log,
  })
} catch (error) {
  await app.close()
  fail(`Could not open the admin control socket in ${config.dataDir}/control: ${(error as Error).message}`)
}
if (!channel) app.log.warn('Another server answers admin commands on this DATA_DIR; this one does not listen for them')
app.log.info(
  `Marquee is serving ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`,
)

let closing = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: closing`)
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => fail('Graceful close timed out after 10 s'), 10_000).unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => fail(`Close failed: ${(error as Error).message}`),
    )
  })
}
