/**
 * The watching benchmark: on a real PostgreSQL, the throughput of media/home (signed, sealed, with
 * a session) and of the HLS key endpoint (a play token, one indexed query) relative to the
 * signed baseline of the foundation benchmark (GET ping/config) on the same server; target ≥ 0.6.
 */
import { isEnvelope, open, seal } from '../core/protocol/envelope.ts'
import type { AppConfig } from '../core/contracts/config.ts'
import type { HomeResult } from '../core/contracts/media.ts'
import type { PlayInfo } from '../core/contracts/play.ts'
import { PlayLock } from '../core/contracts/play.ts'
import type { LoginResult } from '../core/contracts/session.ts'
import { KEY_PATH_PREFIX, KEY_RATE_LIMIT } from '../server/modules/watching/service.ts'
import { freePort } from '../tests/support/server-process.ts'
import {
  CONNECTIONS,
  crypto,
  DURATION_SECONDS,
  forkBenchServer,
  load,
  median,
  presignedCalls,
  ROUNDS,
  secret,
  signedApiKey,
  signedHeaders,
  stopBenchServer,
  type LoadFigure,
} from './load.ts'
import { startPostgres } from './postgres.ts'

const TARGET = 0.6
/** Guests logged in (and given a play token) at once while a key phase's pool is made. */
const SETUP_CONCURRENCY = 8

interface WatchRound {
  baseline: LoadFigure
  home: LoadFigure
  key: LoadFigure
}

export interface WatchThroughput {
  rounds: WatchRound[]
  /** Guests whose play tokens the key phases used (the endpoint allows each 60 requests a minute). */
  keyUsers: number
}

/** A signed call as the app makes it; the answer's data, opened if sealed. Throws on any other code. */
export async function call<T>(
  baseUrl: string,
  name: string,
  options: { body?: unknown; token?: string; sealRequest: boolean },
): Promise<T> {
  const path = `/api/app/${name}`
  const token = options.token ?? ''
  const headers = signedHeaders(signedApiKey(path, token), token)
  const init: RequestInit =
    options.body === undefined
      ? { headers }
      : {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(options.sealRequest ? seal(crypto, secret, options.body) : options.body),
        }
  const response = await fetch(`${baseUrl}${path}`, init)
  const json = (await response.json()) as unknown
  const answer = (isEnvelope(json) ? open(crypto, secret, json) : json) as { code: number; data: T; msg?: string }
  if (response.status !== 200 || answer.code !== 200) {
    throw new Error(`${name}: HTTP ${response.status}, code ${answer.code} ${answer.msg ?? ''}`)
  }
  return answer.data
}

/** The play token inside a play line's playlist URL (`?pt=`), as a player would find it. */
function playToken(info: PlayInfo, baseUrl: string): string | null {
  const line = info.lines[0]
  return line ? new URL(line.url, baseUrl).searchParams.get('pt') : null
}

export async function watchThroughput(): Promise<WatchThroughput> {
  const postgres = await startPostgres()
  // Ctrl-C during the minute this takes must not leave a PostgreSQL and its directory behind.
  const interrupted = () => void postgres.stop().finally(() => process.exit(130))
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  try {
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const server = await forkBenchServer(port, null, {
      BENCH_DATABASE_URL: postgres.url,
      // Every key-phase guest comes from 127.0.0.1; the default allows 30 new guests an hour per IP.
      GUEST_LIMIT_PER_IP: '1000000',
    })
    try {
      return await measure(server, baseUrl)
    } finally {
      await stopBenchServer(server)
    }
  } finally {
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
    await postgres.stop()
  }
}

async function measure(server: Parameters<typeof load>[0], baseUrl: string): Promise<WatchThroughput> {
  const config = await call<AppConfig>(baseUrl, 'ping/config', { sealRequest: false })
  const sealRequest = config.encryption.request
  let guests = 0
  const login = async () =>
    (await call<LoginResult>(baseUrl, 'login/guest', { body: { devID: `bench-${++guests}` }, sealRequest })).token
  const play = (token: string, id: number) =>
    call<PlayInfo>(baseUrl, 'media/play', { body: { id }, token, sealRequest })
  const keyUrl = (videoId: number) => `${baseUrl}${KEY_PATH_PREFIX}${videoId}`

  // A free, encrypted demo video: the first whose play answer has lines and whose key answers 200.
  const homeToken = await login()
  const home = await call<HomeResult>(baseUrl, 'media/home', { body: {}, token: homeToken, sealRequest })
  const candidates = [...new Set(home.sections.flatMap((section) => section.videos.map((video) => video.id)))]
  for (let id = 1; id <= 100; id++) if (!candidates.includes(id)) candidates.push(id)
  const probeToken = await login()
  let videoId = 0
  for (const id of candidates) {
    const info = await play(probeToken, id).catch(() => null)
    const token = info?.lock === PlayLock.None ? playToken(info, baseUrl) : null
    if (!token) continue
    const response = await fetch(keyUrl(id), { headers: { 'X-Play-Token': token } })
    if (response.status === 200 && (await response.arrayBuffer()).byteLength === 16) {
      videoId = id
      break
    }
  }
  if (!videoId) throw new Error('no free encrypted demo video answered its key (are assets/demo-streams there?)')

  /**
   * Play tokens of fresh guests, enough for `requests` key requests with each guest under the
   * endpoint's per-user limit: the load is many viewers, as in production, and the limit stays on.
   */
  const tokenPool = async (requests: number) => {
    const count = Math.ceil(requests / KEY_RATE_LIMIT)
    const tokens: string[] = []
    const worker = async () => {
      while (tokens.length < count) {
        const info = await play(await login(), videoId)
        const token = playToken(info, baseUrl)
        if (!token) throw new Error(`video ${videoId} gave a new guest no play line`)
        tokens.push(token)
      }
    }
    await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker))
    let used = 0
    return {
      users: tokens.length,
      // Past the pool the last token answers 429, which fails the phase with a count of non-2xx.
      next: () => ({ headers: { 'X-Play-Token': tokens[Math.min(Math.floor(used++ / KEY_RATE_LIMIT), count - 1)]! } }),
    }
  }

  const pingPath = '/api/app/ping/config'
  const homePath = '/api/app/media/home'
  const baselinePhase = () => ({ url: `${baseUrl}${pingPath}`, next: presignedCalls(pingPath) })
  const homeBody = () => JSON.stringify(sealRequest ? seal(crypto, secret, {}) : {})
  const homePhase = () => ({
    url: `${baseUrl}${homePath}`,
    method: 'POST' as const,
    next: presignedCalls(homePath, homeToken, homeBody),
  })
  const keyPhase = async (requests: number) => {
    const pool = await tokenPool(requests)
    return { users: pool.users, phase: { url: keyUrl(videoId), next: pool.next } }
  }

  // Warm-ups (JIT, connections, the database's caches), then alternating measured rounds.
  const warmBaseline = await load(server, baselinePhase())
  const warmHome = await load(server, homePhase())
  const warmKeyPhase = await keyPhase(3 * Math.max(warmBaseline.total, warmHome.total))
  const warmKey = await load(server, warmKeyPhase.phase)
  let keyUsers = warmKeyPhase.users
  const rounds: WatchRound[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = await load(server, baselinePhase())
    const home = await load(server, homePhase())
    const keyMeasured = await keyPhase(3 * Math.max(warmKey.total, baseline.total))
    keyUsers += keyMeasured.users
    rounds.push({ baseline, home, key: await load(server, keyMeasured.phase) })
  }
  return { rounds, keyUsers }
}

export function formatWatchThroughput(figures: WatchThroughput): string[] {
  const lines = [
    `\nWatching on PostgreSQL: media/home and the HLS key endpoint vs the signed baseline (GET ping/config), ` +
      `same server, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s each, medians`,
  ]
  const row = (label: string, pick: (figure: LoadFigure) => number) => {
    const of = (phase: keyof WatchRound) => median(figures.rounds.map((round) => pick(round[phase])))
    const ratio = (phase: 'home' | 'key') =>
      median(figures.rounds.map((round) => pick(round[phase]) / pick(round.baseline))).toFixed(2)
    lines.push(
      `  ${label.padEnd(34)} baseline ${of('baseline').toFixed(0).padStart(6)}  media/home ${of('home').toFixed(0).padStart(6)}` +
        ` (${ratio('home')})  key ${of('key').toFixed(0).padStart(6)} (${ratio('key')})`,
    )
  }
  row('req/s of server CPU (capacity)', (figure) => figure.cpuRps)
  row('req/s on the machine (wall clock)', (figure) => figure.wallRps)
  lines.push(
    `  target: media/home ÷ baseline ≥ ${TARGET} and key ÷ baseline ≥ ${TARGET} (server capacity; PostgreSQL's own CPU ` +
      `is not counted, and it shares the 2 cores on the wall clock); key load from ${figures.keyUsers} guests, ` +
      `each within the ${KEY_RATE_LIMIT}/min limit`,
  )
  return lines
}
