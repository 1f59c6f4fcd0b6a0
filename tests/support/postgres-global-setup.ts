import { spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { freePort } from './server-process.ts'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import type {} from 'vitest'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the throw-away PostgreSQL server (database `postgres`). */
    postgresUrl: string
  }
}

const PG_ROOT = '/usr/lib/postgresql'

/** The newest installed server's bin directory (Debian installs them as /usr/lib/postgresql/<major>/bin). */
function findPostgresBin(): string {
  const majors = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(PG_ROOT, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!majors[0]) {
    throw new Error(
      `No PostgreSQL server found in ${PG_ROOT}/*/bin. The server tests start their own PostgreSQL: ` +
        'install the Debian package `postgresql` (sudo apt-get install postgresql).',
    )
  }
  return join(PG_ROOT, majors[0], 'bin')
}

function idOf(flag: '-u' | '-g', user: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('id', [flag, user], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve(Number(out.trim())) : reject(new Error(`no OS user ${user} to run PostgreSQL as`)),
    )
  })
}

/**
 * Starts a PostgreSQL server of its own for the server tests: initdb into a fresh temporary
 * directory (trust authentication, durability off for speed), listening on 127.0.0.1 on a
 * free port with its sockets in that directory; stopped and removed on teardown. PostgreSQL
 * refuses to run as root, so as root (CI) it runs as the `postgres` OS user.
 */
export default async function setup(project: TestProject) {
  const bin = findPostgresBin()
  const asRoot = userInfo().uid === 0
  const dir = mkdtempSync(join(tmpdir(), 'marquee-pg-'))
  const dataDir = join(dir, 'data')
  if (asRoot) chownSync(dir, await idOf('-u', 'postgres'), await idOf('-g', 'postgres'))

  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [command, ...rest] = asRoot
        ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args]
        : [join(bin, tool), ...args]
      const child = spawn(command!, rest, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk))
      child.on('error', reject)
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed (${code}):\n${output}`)),
      )
    })

  const port = await freePort()
  try {
    await run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync'])
    const serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ')
    // -w: pg_ctl returns once the server accepts connections.
    await run('pg_ctl', ['start', '-w', '-t', '60', '-D', dataDir, '-l', join(dir, 'server.log'), '-o', serverOptions])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }

  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`)

  return async () => {
    try {
      await run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
