/**
 * The cluster benchmark, on PostgreSQL + Redis with the real server (server/main.ts, as
 * docs/deploy.md runs it): requests per second of server CPU with two app processes ÷ with one
 * (target ≥ 0.9: a request costs the same CPU wherever it lands, so processes add capacity
 * linearly), and the Redis nonce store's cost per request (one process with REDIS_URL and one
 * without, rate limits off in both so the nonce store is the only difference). Two controls read
 * the ratio against this machine: processes that share nothing a request touches, and the
 * cluster's pair with a Redis each instead of one they share.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { seal } from '../core/protocol/envelope.ts'
import type { AppConfig } from '../core/contracts/config.ts'
import type { LoginResult } from '../core/contracts/session.ts'
import { startRedis } from '../tests/support/redis.ts'
import { startServer } from '../tests/support/server-process.ts'
import {
  CONNECTIONS,
  crypto,
  DURATION_SECONDS,
  median,
  presignedCalls,
  ROUNDS,
  runPhase,
  secret,
  type LoadPhase,
} from './load.ts'
import { startPostgres } from './postgres.ts'
import { call } from './watch.ts'

const TARGET = 0.9
/**
 * Requests per second sent to each process in the equal-load phases: low enough that two processes,
 * the load generator, Redis and PostgreSQL together stay under this machine's 2 cores.
 */
const RATE_PER_PROCESS = Number(process.env.BENCH_CLUSTER_RATE ?? 500)
const HOME_PATH = '/api/app/media/home'
const CONFIG_PATH = '/api/app/ping/config'
/** Kernel clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())

interface AppProcess {
  baseUrl: string
  /** User + system CPU time the process has used, in seconds (from /proc, so no help from the process). */
  cpuSeconds(): number
  /** Times the process's main thread (the event loop) slept waiting: voluntary context switches, from /proc. */
  sleeps(): number
  stop(): Promise<void>
}

/** `server/main.ts` with `env` on the shared `dataDir`, as docs/deploy.md starts each process. */
async function startAppProcess(env: Record<string, string>, dataDir: string): Promise<AppProcess> {
  const server = await startServer(env, { dataDir })
  return {
    baseUrl: server.baseUrl,
    cpuSeconds() {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
    },
    sleeps() {
      const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
      return Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0)
    },
    stop: server.stop,
  }
}

interface ClusterFigure {
  /** Requests per second of the app processes' CPU time together. */
  cpuRps: number
  /** Requests per second on the wall clock (load generator, processes, Redis, PostgreSQL on 2 cores). */
  wallRps: number
  /**
   * Milliseconds a request took on average: the phase's connection-seconds over its requests
   * (autocannon's percentiles are whole milliseconds, too coarse for one request at a time).
   */
  latencyMean: number
  /** Milliseconds, autocannon's (whole milliseconds). */
  latencyP99: number
  /** Redis's own CPU per request, in microseconds (0 without Redis). */
  redisMicros: number
  /** How often an app process slept waiting (for a request, Redis, PostgreSQL), per request. */
  sleepsPerRequest: number
}

/**
 * One phase over several processes at once, the connections shared among them; each process
 * gets its own presigned requests (a nonce is single-use across all of them).
 */
async function loadProcesses(
  targets: { process: AppProcess; phase: () => LoadPhase }[],
  options: { connections?: number; seconds?: number; redis?: Redis; ratePerProcess?: number } = {},
): Promise<ClusterFigure> {
  const connections = Math.max(1, Math.floor((options.connections ?? CONNECTIONS) / targets.length))
  const seconds = options.seconds ?? DURATION_SECONDS
  const phases = targets.map((target) => target.phase())
  const redisBefore = options.redis ? await redisCpuSeconds(options.redis) : 0
  const cpuBefore = targets.map((target) => target.process.cpuSeconds())
  const sleepsBefore = targets.map((target) => target.process.sleeps())
  const overallRate = options.ratePerProcess
  const results = await Promise.all(phases.map((phase) => runPhase(phase, { connections, seconds, overallRate })))
  const cpuSeconds = targets.reduce((sum, target, i) => sum + target.process.cpuSeconds() - cpuBefore[i]!, 0)
  const redisSeconds = options.redis ? (await redisCpuSeconds(options.redis)) - redisBefore : 0
  const total = results.reduce((sum, result) => sum + result.requests.total, 0)
  const sleeps = targets.reduce((sum, target, i) => sum + target.process.sleeps() - sleepsBefore[i]!, 0)
  return {
    cpuRps: total / cpuSeconds,
    wallRps: results.reduce((sum, result) => sum + result.requests.average, 0),
    // At a set rate the connections wait between requests: autocannon's own mean is the figure.
    latencyMean: overallRate
      ? results.reduce((sum, result) => sum + result.latency.average * result.requests.total, 0) / total
      : (connections * targets.length * seconds * 1000) / total,
    latencyP99: Math.max(...results.map((result) => result.latency.p99)),
    redisMicros: (redisSeconds / total) * 1e6,
    sleepsPerRequest: sleeps / total,
  }
}

async function redisCpuSeconds(redis: Redis): Promise<number> {
  const info = await redis.info('cpu')
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0)
  return field('used_cpu_user') + field('used_cpu_sys')
}

export interface ClusterBenchmark {
  /**
   * Per round: each process at RATE_PER_PROCESS (`equalOne`, `equalTwo`: the machine has room for
   * both), then saturated (`one`, `two`: all 16 connections as fast as the machine answers).
   */
  cluster: { equalOne: ClusterFigure; equalTwo: ClusterFigure; one: ClusterFigure; two: ClusterFigure }[]
  /**
   * The machine's own limit: GET ping/config at the equal load on one process, then on two that
   * share nothing a request touches (nonces in process, rate limits off, a cached answer).
   */
  control: { one: ClusterFigure; two: ClusterFigure }[]
  /**
   * media/home at the equal load on one process, then on two with a Redis each (one PostgreSQL):
   * the cluster's pair but for the Redis they share.
   */
  ownRedis: { one: ClusterFigure; two: ClusterFigure }[]
  /** Saturated phases (CPU per request) and one-connection phases (latency), with and without Redis. */
  nonce: { redis: ClusterFigure; memory: ClusterFigure; redisLatency: ClusterFigure; memoryLatency: ClusterFigure }[]
}

export async function clusterBenchmark(): Promise<ClusterBenchmark> {
  const postgres = await startPostgres()
  const redisServer = await startRedis().catch(async (error: unknown) => {
    await postgres.stop()
    throw error
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-cluster-'))
  const stopAll: (() => Promise<void>)[] = [() => postgres.stop(), () => redisServer.stop()]
  // Ctrl-C during the minutes this takes must not leave servers and their directories behind.
  const cleanUp = async () => {
    for (const stop of stopAll.reverse()) await stop().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
  const interrupted = () => void cleanUp().finally(() => process.exit(130))
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  const redis = new Redis(redisServer.url)
  stopAll.push(async () => void redis.disconnect())
  try {
    const env = {
      DATABASE_URL: postgres.url,
      API_SECRET: secret,
      STATIC_DIR: '/nonexistent',
      // The bench's load comes from one address and one session: limits high, so they count
      // (their cost is part of a request's) but never refuse.
      RATE_LIMIT_PER_IP: '10000000',
      RATE_LIMIT_PER_SESSION: '10000000',
    }
    const clusterEnv = { ...env, REDIS_URL: redisServer.url }
    const [a, b] = await Promise.all([startAppProcess(clusterEnv, dataDir), startAppProcess(clusterEnv, dataDir)])
    stopAll.push(a!.stop, b!.stop)
    const homeOn = await homeCalls(a!)
    const cluster = await measureCluster(homeOn, a!, b!, redis)
    await b!.stop()
    const otherRedis = await startRedis()
    stopAll.push(() => otherRedis.stop())
    const c = await startAppProcess({ ...env, REDIS_URL: otherRedis.url }, dataDir)
    stopAll.push(c.stop)
    const ownRedis = await measureEqualPair(homeOn, a!, c)
    await Promise.all([a!.stop(), c.stop(), otherRedis.stop()])

    // Rate limits off in both (they would use Redis too): only the nonce store differs.
    const nonceEnv = { ...env, RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_SESSION: '0' }
    const [withRedis, inMemory, otherInMemory] = await Promise.all([
      startAppProcess({ ...nonceEnv, REDIS_URL: redisServer.url }, dataDir),
      startAppProcess(nonceEnv, dataDir),
      startAppProcess(nonceEnv, dataDir),
    ])
    stopAll.push(withRedis!.stop, inMemory!.stop, otherInMemory!.stop)
    // Two processes that share only the machine, at the cluster's equal load: what two ÷ one can reach here.
    const control = await measureEqualPair(configOn, inMemory!, otherInMemory!)
    const nonce = await measureNonceStore(withRedis!, inMemory!, redis)
    return { cluster, control, ownRedis, nonce }
  } finally {
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
    await cleanUp()
  }
}

type Target = Parameters<typeof loadProcesses>[0][number]

/**
 * media/home with a guest's session (signed in through `a`; the session is in PostgreSQL, so
 * good on every process): rate limits, nonce, session, a cached answer sealed.
 */
async function homeCalls(a: AppProcess): Promise<(process: AppProcess) => Target> {
  const config = await call<AppConfig>(a.baseUrl, 'ping/config', { sealRequest: false })
  const sealRequest = config.encryption.request
  const login = await call<LoginResult>(a.baseUrl, 'login/guest', { body: { devID: 'bench-cluster' }, sealRequest })
  const homeBody = () => JSON.stringify(sealRequest ? seal(crypto, secret, {}) : {})
  return (process) => ({
    process,
    phase: (): LoadPhase => ({
      url: `${process.baseUrl}${HOME_PATH}`,
      method: 'POST',
      next: presignedCalls(HOME_PATH, login.token, homeBody),
    }),
  })
}

async function measureCluster(
  homeOn: (process: AppProcess) => Target,
  a: AppProcess,
  b: AppProcess,
  redis: Redis,
): Promise<ClusterBenchmark['cluster']> {
  const one = () => loadProcesses([homeOn(a)], { redis })
  const two = () => loadProcesses([homeOn(a), homeOn(b)], { redis })
  const equalOne = () => loadProcesses([homeOn(a)], { redis, ratePerProcess: RATE_PER_PROCESS })
  const equalTwo = () => loadProcesses([homeOn(a), homeOn(b)], { redis, ratePerProcess: RATE_PER_PROCESS })
  // Warm-ups (JIT, connections, caches), then alternating rounds: this machine's speed drifts.
  await one()
  await two()
  const rounds: ClusterBenchmark['cluster'] = []
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({ equalOne: await equalOne(), equalTwo: await equalTwo(), one: await one(), two: await two() })
  }
  return rounds
}

const configOn = (process: AppProcess) => ({
  process,
  phase: (): LoadPhase => ({ url: `${process.baseUrl}${CONFIG_PATH}`, next: presignedCalls(CONFIG_PATH) }),
})

/** `on` at the equal load on `a` alone, then on `a` and `b`, in alternating rounds after a warm-up. */
async function measureEqualPair(
  on: (process: AppProcess) => Target,
  a: AppProcess,
  b: AppProcess,
): Promise<{ one: ClusterFigure; two: ClusterFigure }[]> {
  const one = () => loadProcesses([on(a)], { ratePerProcess: RATE_PER_PROCESS })
  const two = () => loadProcesses([on(a), on(b)], { ratePerProcess: RATE_PER_PROCESS })
  await two()
  const rounds: { one: ClusterFigure; two: ClusterFigure }[] = []
  for (let round = 0; round < ROUNDS; round++) rounds.push({ one: await one(), two: await two() })
  return rounds
}

/** GET ping/config (no session, a cached answer): the nonce store's share is largest there. */
async function measureNonceStore(
  withRedis: AppProcess,
  inMemory: AppProcess,
  redis: Redis,
): Promise<ClusterBenchmark['nonce']> {
  const saturated = (process: AppProcess) => loadProcesses([configOn(process)], { redis })
  // One request at a time: the latency a request pays, not the queue in front of it.
  const latency = (process: AppProcess) =>
    loadProcesses([configOn(process)], { redis, connections: 1, seconds: Math.max(2, DURATION_SECONDS / 2) })
  await saturated(withRedis)
  await saturated(inMemory)
  const rounds: ClusterBenchmark['nonce'] = []
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({
      redis: await saturated(withRedis),
      memory: await saturated(inMemory),
      redisLatency: await latency(withRedis),
      memoryLatency: await latency(inMemory),
    })
  }
  return rounds
}

export function formatClusterBenchmark(figures: ClusterBenchmark): string[] {
  const med = <T>(rows: T[], pick: (row: T) => number) => median(rows.map(pick))
  const { cluster, control, ownRedis, nonce } = figures
  type Round = Record<string, ClusterFigure>
  const pairLines = (rounds: Round[], one: string, two: string, ratioNote: string, withRedis = true) => {
    const ratios = rounds.map((round) => round[two]!.cpuRps / round[one]!.cpuRps)
    const both = (label: string, pick: (figure: ClusterFigure) => number, digits = 0) =>
      `  ${label.padEnd(34)} one ${med(rounds, (r) => pick(r[one]!))
        .toFixed(digits)
        .padStart(6)}  two ${med(rounds, (r) => pick(r[two]!))
        .toFixed(digits)
        .padStart(6)}`
    return [
      `${both('req/s of app CPU (capacity)', (f) => f.cpuRps)}  ratio ${median(ratios).toFixed(2)}` +
        ` (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')})${ratioNote}`,
      both('req/s on the machine (wall clock)', (f) => f.wallRps),
      `${both('latency mean (ms)', (f) => f.latencyMean, 1)}  p99 one ${med(rounds, (r) => r[one]!.latencyP99)} two ${med(rounds, (r) => r[two]!.latencyP99)}`,
      ...(withRedis ? [both('Redis CPU per request (µs)', (f) => f.redisMicros, 1)] : []),
      both('app sleeps per request', (f) => f.sleepsPerRequest, 2),
    ]
  }
  const lines = [
    `\nCluster on PostgreSQL + Redis: media/home (a guest's session) on two app processes vs one, ` +
      `${ROUNDS} rounds of ${DURATION_SECONDS} s each, medians; app CPU per request (the load generator, ` +
      `Redis and PostgreSQL are not counted)`,
    `  equal load: ${RATE_PER_PROCESS} req/s to each process (the 2 cores have room for both)`,
    ...pairLines(cluster, 'equalOne', 'equalTwo', `  target ≥ ${TARGET}`),
    `  saturated: ${CONNECTIONS} connections in all, as fast as the machine answers (two processes, the load ` +
      `generator, Redis and PostgreSQL contend for 2 cores)`,
    ...pairLines(cluster, 'one', 'two', ''),
    `  control: GET ping/config at the same equal load on processes that share only the machine (nonces in ` +
      `process, rate limits off)`,
    ...pairLines(control, 'one', 'two', '  (what two ÷ one can reach on this machine)', false),
    `  media/home at the same equal load, the second process with a Redis of its own (one PostgreSQL)`,
    ...pairLines(ownRedis, 'one', 'two', '  (the cluster but for the shared Redis)', false),
  ]
  const micros = (rps: number) => 1e6 / rps
  const redisCpu = med(nonce, (r) => micros(r.redis.cpuRps))
  const memoryCpu = med(nonce, (r) => micros(r.memory.cpuRps))
  lines.push(
    `\nRedis nonce store: GET ping/config on one process with REDIS_URL vs without (rate limits off in both), ` +
      `${ROUNDS} rounds, medians`,
    `  app CPU per request (µs)           Redis ${redisCpu.toFixed(1).padStart(6)}  in process ${memoryCpu.toFixed(1).padStart(6)}` +
      `  cost ${(redisCpu - memoryCpu).toFixed(1)} (rounds ${nonce
        .map((r) => (micros(r.redis.cpuRps) - micros(r.memory.cpuRps)).toFixed(1))
        .join(' ')}); Redis's own ${med(nonce, (r) => r.redis.redisMicros).toFixed(1)}`,
    `  latency one at a time (ms mean/p99) Redis ${med(nonce, (r) => r.redisLatency.latencyMean).toFixed(3)} / ` +
      `${med(nonce, (r) => r.redisLatency.latencyP99).toFixed(0)}  in process ` +
      `${med(nonce, (r) => r.memoryLatency.latencyMean).toFixed(3)} / ${med(nonce, (r) => r.memoryLatency.latencyP99).toFixed(0)}` +
      `  cost ${(med(nonce, (r) => r.redisLatency.latencyMean) - med(nonce, (r) => r.memoryLatency.latencyMean)).toFixed(3)}`,
  )
  return lines
}
