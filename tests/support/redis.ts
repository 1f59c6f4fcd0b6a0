import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { freePort } from './server-process.ts'

/** Where Debian's `redis-server` package installs the server. */
export const REDIS_SERVER = '/usr/bin/redis-server'

export interface RunningRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string
  stop(): Promise<void>
}

/** Why Redis tests cannot run here, or null when they can. */
export function redisMissing(): string | null {
  return existsSync(REDIS_SERVER)
    ? null
    : `${REDIS_SERVER} not found: install the Debian package redis-server (apt-get install redis-server)`
}

/**
 * A throw-away redis-server on a free port of 127.0.0.1: nothing written to disk, gone when
 * stopped. Resolves once it accepts connections.
 */
export async function startRedis(): Promise<RunningRedis> {
  const missing = redisMissing()
  if (missing) throw new Error(missing)
  const port = await freePort()
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`))),
  )
  await Promise.race([waitForPort(port), exited])
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Polls until something accepts TCP connections on the port (redis-server takes a few ms). */
async function waitForPort(port: number): Promise<void> {
  const { connect } = await import('node:net')
  for (let attempt = 0; attempt < 500; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`redis-server did not accept connections on port ${port}`)
}
