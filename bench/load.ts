/**
 * What the throughput sections of `npm run bench` share: presigned protocol headers, the server
 * process's CPU time, and one autocannon phase measured both ways.
 */
import { fork, type ChildProcess } from 'node:child_process'
import autocannon from 'autocannon'
import { computeSignature, formatApiKey, formatXUserAgent, newNonce } from '../core/protocol/sign.ts'
import { DEV_API_SECRET } from '../core/protocol/defaults.ts'
import { createNodeCrypto } from '../server/protocol/node-crypto.ts'

export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
export const CONNECTIONS = 16
/**
 * Throughput sections alternate their phases for this many rounds and report medians: this
 * machine's speed drifts by a third within a minute, so one phase of each would compare
 * different machines.
 */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
export const secret = process.env.API_SECRET || DEV_API_SECRET
export const crypto = createNodeCrypto()
const xUserAgent = formatXUserAgent({ devType: 'PC', sysType: 'h5_pc', browser: 'bench', browserVersion: '1' })
/** More requests than a phase can make on this machine: each signature is used once (nonces are single-use). */
const PRESIGNED_PER_PHASE = 30_000 * DURATION_SECONDS

/** `x-api-key` for one call of `path` by the holder of `token` ('' for none). */
export function signedApiKey(path: string, token = ''): string {
  const t = Math.floor(Date.now() / 1000)
  const nonce = newNonce(crypto)
  return formatApiKey({ t, n: nonce, s: computeSignature(crypto, secret, { token, path, xUserAgent, t, nonce }) })
}

export function signedHeaders(apiKey: string, token = ''): Record<string, string> {
  return { Authorization: token, 'X-User-Agent': xUserAgent, 'x-api-key': apiKey }
}

/** Whether the section `name` runs: all do unless BENCH_ONLY lists some (comma-separated). */
export function benchSelected(name: string): boolean {
  const only = process.env.BENCH_ONLY
  return !only || only.split(',').some((part) => part.trim() === name)
}

function serverCpuMicros(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    server.once('message', (message) => resolve((message as { cpuMicros: number }).cpuMicros))
    server.send('cpu')
  })
}

export interface LoadFigure {
  /** Requests per second the whole machine managed (server and load generator share 2 cores). */
  wallRps: number
  /** Requests per second of server CPU time: the server's capacity, whatever the load generator costs. */
  cpuRps: number
  /** Requests answered in the phase. */
  total: number
}

export interface LoadPhase {
  url: string
  method?: 'GET' | 'POST'
  /**
   * Headers and body of the next request. Made ahead of the phase where they cost crypto, so
   * the load generator does not compete with the server for the two cores.
   */
  next?: () => { headers: Record<string, string>; body?: string }
}

/**
 * One autocannon phase against the forked server, as fast as it answers or at `overallRate`
 * requests per second; any non-2xx answer or error fails the bench.
 */
export async function load(
  server: ChildProcess,
  phase: LoadPhase,
  options: { overallRate?: number } = {},
): Promise<LoadFigure> {
  const cpuBefore = await serverCpuMicros(server)
  const result = await runPhase(phase, options)
  const cpuSeconds = ((await serverCpuMicros(server)) - cpuBefore) / 1e6
  return { wallRps: result.requests.average, cpuRps: result.requests.total / cpuSeconds, total: result.requests.total }
}

/** The autocannon run of one phase, on its own; any non-2xx answer or error fails the bench. */
export async function runPhase(
  phase: LoadPhase,
  options: { connections?: number; seconds?: number; overallRate?: number } = {},
): Promise<autocannon.Result> {
  const { next } = phase
  const result = await autocannon({
    url: phase.url,
    connections: options.connections ?? CONNECTIONS,
    duration: options.seconds ?? DURATION_SECONDS,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [
      {
        method: phase.method ?? 'GET',
        setupRequest: (request) => (next ? { ...request, ...next() } : request),
      },
    ],
  })
  if (result.non2xx > 0 || result.errors > 0) {
    const statuses = JSON.stringify(result.statusCodeStats)
    throw new Error(`${phase.url}: ${result.non2xx} non-2xx answers (${statuses}), ${result.errors} errors`)
  }
  return result
}

/** `next` for a signed call: presigned keys, each used once; signed on the spot if they run out. */
export function presignedCalls(path: string, token = '', body?: () => string): LoadPhase['next'] {
  const keys = Array.from({ length: PRESIGNED_PER_PHASE }, () => signedApiKey(path, token))
  const bodies = body ? Array.from({ length: PRESIGNED_PER_PHASE }, body) : []
  let i = 0
  return () => {
    const n = i++
    const headers = signedHeaders(keys[n] ?? signedApiKey(path, token), token)
    if (!body) return { headers }
    return { headers: { ...headers, 'content-type': 'application/json' }, body: bodies[n] ?? body() }
  }
}

/**
 * bench/protocol-server.ts in a child process (its CPU time is the server's alone), serving
 * `plainBody` at /bench/plain; `env` adds to this process's environment.
 */
export async function forkBenchServer(
  port: number,
  plainBody: unknown,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const server = fork(
    new URL('./protocol-server.ts', import.meta.url).pathname,
    [String(port), JSON.stringify(plainBody)],
    {
      // BENCH_CPU_PROFILE=<dir>: a V8 CPU profile of the server process, for finding where its time goes.
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
      ],
      env: { ...process.env, API_SECRET: secret, ...env },
    },
  )
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve())
    server.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)))
  })
  return server
}

export async function stopBenchServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}
