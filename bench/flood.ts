/**
 * A lock-out flood replayed against the bench server: keep-alive sockets from
 * one address pipeline signed `GET ping/check` with fresh nonces and no session, while a user on
 * another loopback address (127.0.0.2) makes one signed call every 50 ms. Reports what the flood
 * sent and had answered, how many of the user's calls were answered 200, the server's memory and
 * how many bytes it logged.
 */
import { fork } from 'node:child_process'
import { request } from 'node:http'
import autocannon from 'autocannon'
import { freePort } from '../tests/support/server-process.ts'
import { secret, signedApiKey, signedHeaders } from './load.ts'

const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30)
const FLOOD_SOCKETS = 6
const PIPELINING = 16
const USER_INTERVAL_MS = 50
const PATH = '/api/app/ping/check'

interface ServerMemory {
  rss: number
  heapUsed: number
}

function memoryOf(server: ReturnType<typeof fork>): Promise<ServerMemory> {
  return new Promise((resolve) => {
    server.once('message', (message) => resolve(message as ServerMemory))
    server.send('memory')
  })
}

/** One signed call from 127.0.0.2: the answer's HTTP status, or 0 when it failed. */
function userCall(port: number): Promise<number> {
  return new Promise((resolve) => {
    const call = request(
      { host: '127.0.0.1', port, path: PATH, localAddress: '127.0.0.2', headers: signedHeaders(signedApiKey(PATH)) },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    call.on('error', () => resolve(0))
    call.end()
  })
}

export interface FloodFigures {
  seconds: number
  sent: number
  floodAnswered: Record<string, number>
  userCalls: number
  userAnswered200: number
  memoryBefore: ServerMemory
  memoryAfter: ServerMemory
  logBytes: number
}

export async function floodBenchmark(): Promise<FloodFigures> {
  const port = await freePort()
  const server = fork(new URL('./protocol-server.ts', import.meta.url).pathname, [String(port), 'null'], {
    execArgv: ['--import', 'tsx'],
    // Production's limits and log level: what is measured is what an operator would run.
    env: { ...process.env, API_SECRET: secret, BENCH_FLOOD: '1' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  let logBytes = 0
  server.stdout!.on('data', (chunk: Buffer) => (logBytes += chunk.length))
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve())
    server.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)))
  })
  try {
    const memoryBefore = await memoryOf(server)
    logBytes = 0
    let userCalls = 0
    let userAnswered200 = 0
    let flooding = true
    const user = (async () => {
      while (flooding) {
        const status = await userCall(port)
        userCalls++
        if (status === 200) userAnswered200++
        await new Promise((resolve) => setTimeout(resolve, USER_INTERVAL_MS))
      }
    })()
    const flood = await autocannon({
      url: `http://127.0.0.1:${port}${PATH}`,
      connections: FLOOD_SOCKETS,
      pipelining: PIPELINING,
      duration: FLOOD_SECONDS,
      requests: [{ method: 'GET', setupRequest: (call) => ({ ...call, headers: signedHeaders(signedApiKey(PATH)) }) }],
    })
    flooding = false
    await user
    const floodAnswered: Record<string, number> = {}
    for (const [status, stats] of Object.entries(flood.statusCodeStats ?? {})) floodAnswered[status] = stats.count ?? 0
    return {
      seconds: FLOOD_SECONDS,
      sent: flood.requests.sent,
      floodAnswered,
      userCalls,
      userAnswered200,
      memoryBefore,
      memoryAfter: await memoryOf(server),
      logBytes,
    }
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }
}

export function formatFloodBenchmark(figures: FloodFigures): string[] {
  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`
  const answered = Object.entries(figures.floodAnswered)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ')
  return [
    `\nFlood from one address (${FLOOD_SOCKETS} sockets, pipelining ${PIPELINING}, ${figures.seconds} s) while a user on another calls every ${USER_INTERVAL_MS} ms`,
    `  flood sent ${figures.sent} (${Math.round(figures.sent / figures.seconds)}/s), answered ${answered}`,
    `  user answered 200: ${figures.userAnswered200} of ${figures.userCalls} (goal: all; ratio ${(figures.userAnswered200 / Math.max(1, figures.userCalls)).toFixed(2)})`,
    `  server memory: rss ${mb(figures.memoryBefore.rss)} → ${mb(figures.memoryAfter.rss)}, heap ${mb(figures.memoryBefore.heapUsed)} → ${mb(figures.memoryAfter.heapUsed)}`,
    `  log written: ${mb(figures.logBytes)} (${Math.round(figures.logBytes / figures.seconds)} bytes/s)`,
  ]
}
