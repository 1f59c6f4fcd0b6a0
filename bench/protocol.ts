/**
 * The protocol section: what signing and sealing cost an answer, against plain routes on the same
 * server (bench/protocol-server.ts). A public cached answer (ping/config) is sealed once per cache
 * fill; the same text sealed fresh each time is the ceiling of any answer that takes a fresh seed;
 * the protocol's checks alone (bench/protocol-server.ts /bench/checks) are the least any signed
 * cached answer can cost; a per-user answer (user/info with a guest's session) against a plain
 * route doing its own work.
 *
 * The public phases run twice: saturated (16 connections as fast as the server answers) and at an
 * equal load below what either side can answer, where the target is read: a request's CPU cost
 * depends on how busy the server is, so only at one rate do two routes differ by their own work
 * (bench/README.md).
 */
import { isEnvelope, open } from '../core/protocol/envelope.ts'
import type { LoginResult } from '../core/contracts/session.ts'
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
  type LoadPhase,
} from './load.ts'

const PUBLIC_TARGET = 0.9
const PER_USER_TARGET = 0.65
/** The equal load, as a share of ping/config's saturated rate (BENCH_PROTOCOL_RATE sets it in req/s). */
const EQUAL_LOAD_SHARE = 0.5
const CONFIG_PATH = '/api/app/ping/config'
const USER_INFO_PATH = '/api/app/user/info'
/** bench/protocol-server.ts: ping/config's answer sealed fresh each time, signed. */
const FRESH_CONFIG_PATH = '/api/bench/fresh-config'

/**
 * Measured group by group, each warmed up and then in alternating rounds: user/info's phases
 * leave PGlite's garbage behind, which a ping/config phase right after them was charged for (it
 * made plain slower than signed).
 */
const GROUPS = [
  ['plain', 'shared', 'fresh', 'checks'],
  ['userPlain', 'user'],
] as const
type Phase = (typeof GROUPS)[number][number]
const EQUAL_LOAD_PHASES = ['plain', 'checks', 'shared'] as const
type EqualLoadPhase = (typeof EQUAL_LOAD_PHASES)[number]
export interface ProtocolRound {
  saturated: Record<Phase, LoadFigure>
  equal: Record<EqualLoadPhase, LoadFigure>
}

export interface ProtocolThroughput {
  rounds: ProtocolRound[]
  /** Requests per second sent in each equal-load phase. */
  equalRate: number
  /** UTF-8 bytes of ping/config's answer. */
  configBytes: number
}

/** A signed call's whole answer `{code, data, tip, msg}`, opened if sealed. */
async function answerOf(baseUrl: string, path: string, token = '', body?: unknown): Promise<{ code: number }> {
  const headers = signedHeaders(signedApiKey(path, token), token)
  const response = await fetch(
    `${baseUrl}${path}`,
    body === undefined
      ? { headers }
      : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) },
  )
  const json = (await response.json()) as unknown
  const answer = (isEnvelope(json) ? open(crypto, secret, json) : json) as { code: number; msg?: string }
  if (response.status !== 200 || answer.code !== 200) throw new Error(`${path}: code ${answer.code} ${answer.msg}`)
  return answer
}

async function loginGuest(baseUrl: string): Promise<LoginResult> {
  const answer = await answerOf(baseUrl, '/api/app/login/guest', '', { devID: 'bench-protocol-guest', affCode: '' })
  return (answer as unknown as { data: LoginResult }).data
}

export async function protocolThroughput(): Promise<ProtocolThroughput> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  // The plain route must return what ping/config returns, so ask the real call once first.
  const probe = await forkBenchServer(port, null)
  let config: unknown
  try {
    config = await answerOf(baseUrl, CONFIG_PATH)
  } finally {
    await stopBenchServer(probe)
  }

  const server = await forkBenchServer(port, config)
  try {
    const guest = await loginGuest(baseUrl)
    const userInfoBody = () => '{}'
    // Every phase sends signed requests (the plain routes ignore the headers), so the load
    // generator does the same work per request in each.
    const phases: Record<Phase, () => LoadPhase> = {
      plain: () => ({ url: `${baseUrl}/bench/plain`, next: presignedCalls(CONFIG_PATH) }),
      shared: () => ({ url: `${baseUrl}${CONFIG_PATH}`, next: presignedCalls(CONFIG_PATH) }),
      fresh: () => ({ url: `${baseUrl}${FRESH_CONFIG_PATH}`, next: presignedCalls(FRESH_CONFIG_PATH) }),
      checks: () => ({ url: `${baseUrl}/bench/checks`, next: presignedCalls(CONFIG_PATH) }),
      userPlain: () => ({
        url: `${baseUrl}/bench/plain/user-info?userId=${guest.id}`,
        method: 'POST',
        next: presignedCalls(USER_INFO_PATH, guest.token, userInfoBody),
      }),
      user: () => ({
        url: `${baseUrl}${USER_INFO_PATH}`,
        method: 'POST',
        next: presignedCalls(USER_INFO_PATH, guest.token, userInfoBody),
      }),
    }
    const rounds = Array.from({ length: ROUNDS }, () => ({ saturated: {}, equal: {} }) as ProtocolRound)
    const saturated = async (group: readonly Phase[]) => {
      // Warm-up: JIT and connection set-up.
      for (const phase of group) await load(server, phases[phase]())
      for (const round of rounds) {
        for (const phase of group) round.saturated[phase] = await load(server, phases[phase]())
      }
    }
    const [publicGroup, userGroup] = GROUPS
    await saturated(publicGroup)
    // At equal load before user/info's phases, whose garbage would be charged to these.
    const equalRate = Math.round(
      Number(process.env.BENCH_PROTOCOL_RATE) ||
        EQUAL_LOAD_SHARE * median(rounds.map((round) => round.saturated.shared.wallRps)),
    )
    for (const round of rounds) {
      for (const phase of EQUAL_LOAD_PHASES) {
        round.equal[phase] = await load(server, phases[phase](), { overallRate: equalRate })
      }
    }
    await saturated(userGroup)
    return { rounds, equalRate, configBytes: Buffer.byteLength(JSON.stringify(config)) }
  } finally {
    await stopBenchServer(server)
  }
}

export function formatProtocolThroughput({ rounds, equalRate, configBytes }: ProtocolThroughput): string[] {
  const lines = [
    '',
    `Signed + sealed calls vs plain routes (same process, ${rounds.length} rounds of ${DURATION_SECONDS} s each, medians)`,
    '  req/s of server CPU (capacity) signed ÷ plain; the wall-clock ratio in brackets (2 cores shared with the load generator)',
  ]
  type Figures = (round: ProtocolRound) => Partial<Record<Phase, LoadFigure>>
  const saturated: Figures = (round) => round.saturated
  const equal: Figures = (round) => round.equal
  const cpu = (figures: Figures, phase: Phase) => median(rounds.map((round) => figures(round)[phase]!.cpuRps))
  const ratio = (figures: Figures, label: string, call: Phase, plain: Phase, target: string) => {
    const ratios = rounds.map((round) => figures(round)[call]!.cpuRps / figures(round)[plain]!.cpuRps)
    const wallRatio = median(rounds.map((round) => figures(round)[call]!.wallRps / figures(round)[plain]!.wallRps))
    const numbers = `${cpu(figures, call).toFixed(0).padStart(6)} ÷ ${cpu(figures, plain).toFixed(0).padStart(6)}`
    const spread = ratios.map((value) => value.toFixed(2)).join(' ')
    lines.push(
      `    ${label.padEnd(50)} ${numbers}  ratio ${median(ratios).toFixed(2)} (${wallRatio.toFixed(2)})  rounds ${spread}  ${target}`,
    )
  }
  const microsPerCall = (figures: Figures, call: Phase, plain: Phase) =>
    median(rounds.map((round) => 1e6 / figures(round)[call]!.cpuRps - 1e6 / figures(round)[plain]!.cpuRps))
  const publicCached = 'public cached: ping/config, sealed once per fill'
  const checksAlone = "ceiling: the protocol's checks alone"
  lines.push(`  equal load: ${equalRate} req/s to each route (below what either answers)`)
  ratio(equal, publicCached, 'shared', 'plain', `target ≥ ${PUBLIC_TARGET}`)
  ratio(equal, checksAlone, 'checks', 'plain', '(the least a signed cached answer can cost)')
  lines.push(`  saturated: ${CONNECTIONS} connections`)
  ratio(saturated, publicCached, 'shared', 'plain', '')
  ratio(saturated, checksAlone, 'checks', 'plain', '')
  ratio(
    saturated,
    'ceiling: the same answer sealed fresh each time',
    'fresh',
    'plain',
    '(any answer with a fresh seed)',
  )
  ratio(
    saturated,
    "per-user: user/info, guest's session, fresh seed",
    'user',
    'userPlain',
    `target ≥ ${PER_USER_TARGET}`,
  )
  lines.push(
    `  at equal load, µs of server CPU a call: the protocol's whole cost on ping/config ${microsPerCall(equal, 'shared', 'plain').toFixed(1)},` +
      ` its checks alone ${microsPerCall(equal, 'checks', 'plain').toFixed(1)} (both with sealed bytes for plain JSON)`,
    `  saturated: a fresh seal of ping/config's ${configBytes}-byte answer ${microsPerCall(saturated, 'fresh', 'shared').toFixed(1)} (fresh − shared);` +
      ` the protocol's whole cost on user/info ${microsPerCall(saturated, 'user', 'userPlain').toFixed(1)} (session included)`,
  )
  return lines
}
