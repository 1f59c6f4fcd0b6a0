/**
 * The server process as an operator runs it (server/main.ts on the embedded database): SIGTERM
 * under load closes it cleanly, and SIGKILL during writes, ten times over, loses no acknowledged
 * write. One data directory for the file: its first start (initdb, the demo) is the slow one.
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { startServer as startServerProcess, type RunningServer } from '../tests/support/server-process.ts'
import { DEV_API_SECRET } from '../core/protocol/defaults.ts'
import { signApiKey, TEST_USER_AGENT } from './testing/client.ts'
import { acquireDataDirLock } from './db/lock.ts'

const GUEST_PATH = '/api/app/login/guest'
const WORKERS = 8

/** Every server this file started, so a failed test leaves none running. */
const started = new Set<ChildProcess>()

/** server/main.ts on `dataDir` (the embedded database), kept across restarts. */
async function startServer(dataDir: string): Promise<RunningServer> {
  const server = await startServerProcess(
    {
      DATABASE_URL: '',
      REDIS_URL: '',
      // Plain answers, and no limit on guests from one address: the writes are what is measured.
      ENCRYPT_HTTP: 'false',
      GUEST_LIMIT_PER_IP: '1000000',
      RATE_LIMIT_PER_IP: '0',
      RATE_LIMIT_PER_SESSION: '0',
    },
    { dataDir },
  )
  started.add(server.child)
  server.child.once('exit', () => started.delete(server.child))
  return server
}

/**
 * How one guest login ended: `acknowledged` (a complete 200 with a session), `unavailable` (a
 * complete 503), `refused` (the connection failed before any byte of an answer), `cut` (an answer
 * began and did not end), or `other` (any other complete answer).
 */
type Outcome = 'acknowledged' | 'unavailable' | 'refused' | 'cut' | 'other'

function guestLogin(port: number, agent: Agent, devID: string): Promise<Outcome> {
  const body = JSON.stringify({ devID })
  const t = Math.floor(Date.now() / 1000)
  const nonce = crypto.randomUUID().replaceAll('-', '')
  const apiKey = signApiKey(DEV_API_SECRET, { token: '', path: GUEST_PATH, ua: TEST_USER_AGENT, t, nonce })
  return new Promise((resolve) => {
    let answered = false
    const call = request(
      {
        host: '127.0.0.1',
        port,
        path: GUEST_PATH,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'x-api-key': apiKey,
          'X-User-Agent': TEST_USER_AGENT,
          Authorization: '',
        },
      },
      (response) => {
        answered = true
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('error', () => resolve('cut'))
        response.on('aborted', () => resolve('cut'))
        response.on('end', () => {
          if (!response.complete) return resolve('cut')
          if (response.statusCode === 503) return resolve('unavailable')
          try {
            const answer = JSON.parse(text) as { code: number; data: { token?: string } | null }
            resolve(response.statusCode === 200 && answer.code === 200 && answer.data?.token ? 'acknowledged' : 'other')
          } catch {
            resolve('cut')
          }
        })
      },
    )
    call.on('error', () => resolve(answered ? 'cut' : 'refused'))
    call.end(body)
  })
}

interface Load {
  acknowledged: string[]
  outcomes: Record<Outcome, number>
  /** Answers (any status) to requests sent before `signalledAt` that arrived after it. */
  answeredAfterSignal: number
  signalledAt: number
  /** Resolves once every worker has stopped (each stops at its first refused connection). */
  done: Promise<void>
}

/** WORKERS concurrent loops of guest logins, each a new device, until their connections are refused. */
function startLoad(port: number, prefix: string): Load {
  const agent = new Agent({ keepAlive: true, maxSockets: WORKERS })
  const load: Load = {
    acknowledged: [],
    outcomes: { acknowledged: 0, unavailable: 0, refused: 0, cut: 0, other: 0 },
    answeredAfterSignal: 0,
    signalledAt: Infinity,
    done: Promise.resolve(),
  }
  let sequence = 0
  const worker = async () => {
    for (;;) {
      const devID = `${prefix}-${sequence++}`
      const sentAt = Date.now()
      const outcome = await guestLogin(port, agent, devID)
      load.outcomes[outcome] += 1
      if (outcome === 'acknowledged') load.acknowledged.push(devID)
      if (outcome !== 'refused' && sentAt < load.signalledAt && Date.now() >= load.signalledAt) {
        load.answeredAfterSignal += 1
      }
      if (outcome === 'refused' || outcome === 'cut') return
    }
  }
  load.done = Promise.all(Array.from({ length: WORKERS }, worker)).then(() => agent.destroy())
  return load
}

async function waitForAcknowledged(load: Load, count: number) {
  while (load.acknowledged.length < count) {
    if (load.outcomes.refused + load.outcomes.cut > 0) throw new Error(`load stopped early: ${JSON.stringify(load)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The devIDs among `expected` that have no user in the database (opened as the server would, with its lock). */
async function missingGuests(dataDir: string, expected: string[]): Promise<string[]> {
  const lock = acquireDataDirLock(dataDir)
  const pglite = new PGlite(join(dataDir, 'pglite'))
  try {
    const { rows } = await pglite.query<{ device_id: string }>(
      'select device_id from users where device_id = any($1::text[])',
      [expected],
    )
    const found = new Set(rows.map((row) => row.device_id))
    return expected.filter((devID) => !found.has(devID))
  } finally {
    await pglite.close()
    lock.release()
  }
}

describe('the server process on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-lifecycle-'))
  afterAll(async () => {
    for (const child of started) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('closes on SIGTERM under load: in-flight requests finish, none is cut, every acknowledged write is kept, exit 0', async () => {
    const server = await startServer(dataDir)
    const load = startLoad(server.port, 'sigterm')
    await waitForAcknowledged(load, 40)
    load.signalledAt = Date.now()
    server.child.kill('SIGTERM')
    const code = await server.exited
    await load.done
    expect(code, server.output()).toBe(0)
    expect(load.outcomes.cut).toBe(0)
    expect(load.outcomes.other).toBe(0)
    // Requests already sent when the signal came were answered, not dropped.
    expect(load.answeredAfterSignal).toBeGreaterThan(0)
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)
    expect(await missingGuests(dataDir, load.acknowledged)).toEqual([])
  }, 400_000)

  it('loses no acknowledged write when killed with SIGKILL during writes, ten times over', async () => {
    const acknowledged: string[] = []
    for (let round = 0; round < 10; round++) {
      // Each start after the first finds the dead server's lock and takes it over.
      const server = await startServer(dataDir)
      const load = startLoad(server.port, `sigkill-${round}`)
      await waitForAcknowledged(load, 10)
      server.child.kill('SIGKILL')
      await server.exited
      await load.done
      expect(load.outcomes.other).toBe(0)
      acknowledged.push(...load.acknowledged)
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(true)
    }
    expect(await missingGuests(dataDir, acknowledged)).toEqual([])
  }, 900_000)
})
