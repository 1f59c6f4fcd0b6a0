import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ROOT = new URL('../..', import.meta.url).pathname

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** `vite build`, as `npm start` runs it, with the given environment. */
export async function buildApp(env: NodeJS.ProcessEnv = {}, outDir = 'dist'): Promise<void> {
  // vitest sets NODE_ENV=test, which would make vite build React's development bundle.
  env = { NODE_ENV: 'production', ...env }
  await run(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    env,
  )
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed:\n${output}`)),
    )
  })
}

export interface RunningServer {
  baseUrl: string
  port: number
  dataDir: string
  /** The process, for tests that signal it. */
  child: ChildProcess
  /** Resolves with the exit code once the process has ended (null if a signal ended it). */
  exited: Promise<number | null>
  output: () => string
  /** SIGTERM, then the data dir removed if this made it. */
  stop: () => Promise<void>
}

/**
 * Starts `server/main.ts` the way `npm start` does, on a free port, with `env` added; in a fresh
 * data dir unless `options.dataDir` names one (kept by stop, for a restart on the same data).
 */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'marquee-e2e-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A test machine's CPU is shared with the browser and other suites: a slow turn is no overload.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  const baseUrl = `http://127.0.0.1:${port}`
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  // A first start seeds the demo (images, streams): slow on a busy two-core machine.
  const deadline = Date.now() + 150_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
    const alive = await fetch(`${baseUrl}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (alive) break
    if (Date.now() > deadline) throw new Error(`server did not start within 150 s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  return {
    baseUrl,
    port,
    dataDir,
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
