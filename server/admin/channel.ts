import { chmodSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { isAbsolute, join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { loggableError } from '../loggable-error.ts'
import { AdminError, type AdminServices } from './command.ts'
import { COMMANDS } from './commands.ts'
import { prepareCommand, runCommand, type AdminAnswer, type AdminRequest } from './run-command.ts'

/**
 * The control channel: a Unix socket through which `npm run admin` reaches a running server,
 * since the embedded database serves one process. One request per connection, one JSON line
 * each way: the CLI sends an AdminRequest, the server answers `{"progress": …}` lines while the
 * command runs, then the AdminAnswer, and closes. The socket file is the only guard: it is
 * owner-only, in an owner-only directory, so only the server's own user can connect.
 */

const MAX_REQUEST_BYTES = 64 * 1024
/** A connection that has not sent its request by then is dropped. */
const REQUEST_TIMEOUT_MS = 10_000
/** sockaddr_un holds 104 bytes on macOS and 108 on Linux, terminator included; Node truncates longer paths silently. */
const MAX_SOCKET_PATH_BYTES = 103

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'control', 'admin.sock')
}

export interface AdminChannel {
  path: string
  /** Stops listening, drops connections still silent, waits for the commands running. */
  close(): Promise<void>
}

export interface AdminChannelOptions {
  dataDir: string
  services: Omit<AdminServices, 'progress'>
  log: FastifyBaseLogger
}

function ownerOnlyDirectory(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const stat = lstatSync(dir)
  if (!stat.isDirectory() || stat.uid !== process.getuid?.()) {
    throw new AdminError(`${dir} is not a directory of this user; remove it and start again`)
  }
  // mkdir leaves an existing directory's mode as it was.
  chmodSync(dir, 0o700)
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/** Whether a server answers on the socket file; a file nobody listens on is left by a crash. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createConnection(path)
    probe.once('connect', () => {
      probe.destroy()
      resolve(true)
    })
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(false)
      else reject(error)
    })
  })
}

function parseRequest(line: string): AdminRequest | null {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return null
  }
  const { command, args, cwd } = (value ?? {}) as Partial<Record<keyof AdminRequest, unknown>>
  const wellFormed =
    typeof command === 'string' &&
    Array.isArray(args) &&
    args.every((arg) => typeof arg === 'string') &&
    typeof cwd === 'string' &&
    isAbsolute(cwd)
  return wellFormed ? { command, args, cwd } : null
}

/**
 * Listens on `DATA_DIR/control/admin.sock` (mode 0600, directory 0700), replacing a socket file
 * left by a server that crashed. Answers null when another live server already answers there:
 * on PostgreSQL several servers may share a DATA_DIR, and any one of them can run the commands.
 */
export async function openAdminChannel({ dataDir, services, log }: AdminChannelOptions): Promise<AdminChannel | null> {
  const path = adminSocketPath(dataDir)
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new AdminError(
      `The admin socket path ${path} is longer than ${MAX_SOCKET_PATH_BYTES} bytes, the most a Unix socket ` +
        'allows: choose a shorter DATA_DIR.',
    )
  }
  ownerOnlyDirectory(join(dataDir, 'control'))

  const waiting = new Set<Socket>()
  const server = createServer((socket) => {
    waiting.add(socket)
    socket.setEncoding('utf8')
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy())
    // A client gone before its answer: the command has run all the same, nobody is left to tell.
    socket.on('error', () => {})
    socket.on('close', () => waiting.delete(socket))
    let buffered = ''
    const onData = (chunk: string) => {
      buffered += chunk
      const end = buffered.indexOf('\n')
      if (end === -1 && buffered.length <= MAX_REQUEST_BYTES) return
      socket.off('data', onData)
      socket.setTimeout(0)
      waiting.delete(socket)
      void serve(end === -1 ? null : parseRequest(buffered.slice(0, end)), socket)
    }
    socket.on('data', onData)
  })

  async function serve(request: AdminRequest | null, socket: Socket) {
    const started = performance.now()
    const send = (message: object) => socket.write(`${JSON.stringify(message)}\n`)
    let answer: AdminAnswer
    // Unknown names stay out of the log with the arguments.
    const command = request && Object.hasOwn(COMMANDS, request.command) ? request.command : null
    try {
      const prepared = request ? prepareCommand(request) : null
      if (!prepared) {
        answer = { ok: false, usage: false, error: 'malformed request to the admin socket' }
      } else if ('run' in prepared) {
        answer = await runCommand(prepared, { ...services, progress: (line) => send({ progress: line }) }, (error) =>
          log.error({ err: loggableError(error), command }, 'admin command failed'),
        )
      } else {
        answer = prepared
      }
    } catch (error) {
      log.error({ err: loggableError(error), command }, 'admin command failed')
      answer = { ok: false, usage: false, error: `${command ?? 'admin'}: ${(error as Error).message}` }
    }
    // The name and the outcome only: arguments may one day carry codes or messages worth keeping out of logs.
    const outcome = answer.ok ? 'done' : answer.usage ? 'usage' : 'failed'
    log.info({ command, outcome, ms: Math.round(performance.now() - started) }, 'admin command')
    socket.end(`${JSON.stringify(answer)}\n`)
  }

  try {
    await listen(server, path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    if (await answers(path)) return null
    unlinkSync(path)
    await listen(server, path)
  }
  chmodSync(path, 0o600)

  return {
    path,
    close() {
      for (const socket of waiting) socket.destroy()
      // Closing the server removes its socket file.
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * Sends one request to the server listening on `path`, printing its progress lines. Null when
 * none listens there (no socket file, or one left by a crash): the CLI then opens the database
 * itself. Once the request is sent, a lost connection is an error, never a retry elsewhere:
 * the command may have run.
 */
export function sendToServer(
  path: string,
  request: AdminRequest,
  onProgress: (line: string) => void,
): Promise<AdminAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path)
    let connected = false
    let answered = false
    let buffered = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => {
      connected = true
      socket.write(`${JSON.stringify(request)}\n`)
    })
    socket.on('data', (chunk: string) => {
      buffered += chunk
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 1)
        let message: { progress?: string } & Partial<AdminAnswer>
        try {
          message = JSON.parse(line) as typeof message
        } catch {
          socket.destroy()
          reject(new AdminError(`The server's answer on ${path} is not JSON: ${line.slice(0, 200)}`))
          return
        }
        if (typeof message.progress === 'string') {
          onProgress(message.progress)
        } else {
          answered = true
          resolve(message as AdminAnswer)
        }
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null)
      else if (!connected) reject(new AdminError(`Could not reach the server on ${path}: ${error.message}`))
    })
    socket.on('close', () => {
      if (connected && !answered) {
        reject(
          new AdminError(
            `The server closed ${path} before answering; the command may or may not have run: check before running it again.`,
          ),
        )
      }
    })
  })
}
