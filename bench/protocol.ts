/**
 * The protocol section: what signing and sealing cost an answer, against plain routes on the same
 * server (bench/protocol-server.ts). A public cached answer (ping/config) is sealed once per cache
 * fill; the same text sealed fresh each time is the ceiling of any answer that takes a fresh seed;
 * a per-user answer (user/info with a guest's session) against a plain route doing its own work.
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
  ['plain', 'shared', 'fresh'],
  ['userPlain', 'user'],
] as const
type Phase = (typeof GROUPS)[number][number]
export type ProtocolRound = Record<Phase, LoadFigure>

export interface ProtocolThroughput {
  rounds: ProtocolRound[]
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
    const rounds = Array.from({ length: ROUNDS }, () => ({}) as ProtocolRound)
    for (const group of GROUPS) {
      // Warm-up: JIT and connection set-up.
      for (const phase of group) await load(server, phases[phase]())
      for (const round of rounds) for (const phase of group) round[phase] = await load(server, phases[phase]())
    }
    return { rounds, configBytes: Buffer.byteLength(JSON.stringify(config)) }
  } finally {
    await stopBenchServer(server)
  }
}

export function formatProtocolThroughput({ rounds, configBytes }: ProtocolThroughput): string[] {
  const lines = [
    '',
    `Signed + sealed calls vs plain routes (same process, ${CONNECTIONS} connections, ${rounds.length} rounds of ${DURATION_SECONDS} s each, medians)`,
    '  req/s of server CPU (capacity) signed ÷ plain; the wall-clock ratio in brackets (2 cores shared with the load generator)',
  ]
  const cpu = (phase: Phase) => median(rounds.map((round) => round[phase].cpuRps))
  const ratio = (label: string, call: Phase, plain: Phase, target: string) => {
    const ratios = rounds.map((round) => round[call].cpuRps / round[plain].cpuRps)
    const wallRatio = median(rounds.map((round) => round[call].wallRps / round[plain].wallRps))
    const figures = `${cpu(call).toFixed(0).padStart(6)} ÷ ${cpu(plain).toFixed(0).padStart(6)}`
    const spread = ratios.map((value) => value.toFixed(2)).join(' ')
    lines.push(
      `  ${label.padEnd(52)} ${figures}  ratio ${median(ratios).toFixed(2)} (${wallRatio.toFixed(2)})  rounds ${spread}  ${target}`,
    )
  }
  const microsPerCall = (call: Phase, plain: Phase) =>
    median(rounds.map((round) => 1e6 / round[call].cpuRps - 1e6 / round[plain].cpuRps))
  ratio('public cached: ping/config, sealed once per fill', 'shared', 'plain', `target ≥ ${PUBLIC_TARGET}`)
  ratio('ceiling: the same answer sealed fresh each time', 'fresh', 'plain', '(any answer with a fresh seed)')
  ratio("per-user: user/info, guest's session, fresh seed", 'user', 'userPlain', `target ≥ ${PER_USER_TARGET}`)
  lines.push(
    `  a fresh seal of ping/config's ${configBytes}-byte answer: ${microsPerCall('fresh', 'shared').toFixed(1)} µs of server CPU (fresh − shared);` +
      ` the protocol's whole cost: ${microsPerCall('shared', 'plain').toFixed(1)} µs on ping/config, ${microsPerCall('user', 'userPlain').toFixed(1)} µs on user/info (session included)`,
  )
  return lines
}
