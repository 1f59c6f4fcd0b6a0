import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, LockError } from './lock.ts'

let dir: string
const children: ChildProcess[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-lock-'))
})
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

/** A live process that is not a Marquee server. */
function unrelatedProcess(command = 'sleep'): number {
  const child = spawn(command, ['30'], { stdio: 'ignore' })
  children.push(child)
  return child.pid!
}

// Read here independently of lock.ts: field 22 of /proc/<pid>/stat, after the command name.
function startTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
}
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
const lockFile = () => join(dir, 'server.lock')
const refusal = (pid: number) => `Another Marquee server (pid ${pid}) is using the data directory`

describe('data directory lock', () => {
  it('lets one server in, refuses a second with a clear message, and frees the directory on release', () => {
    const lock = acquireDataDirLock(dir)
    const taken = readFileSync(lock.path, 'utf8')
    expect(taken.split(' ')[0]?.trim()).toBe(String(process.pid))
    // Another live server process holding the lock (a lock written before start times were recorded).
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
    try {
      writeFileSync(lock.path, `${other.pid}\n`)
      expect(() => acquireDataDirLock(dir)).toThrow(LockError)
      expect(() => acquireDataDirLock(dir)).toThrow(refusal(other.pid!))
    } finally {
      other.kill()
    }
    writeFileSync(lock.path, taken)
    lock.release()
    expect(existsSync(lock.path)).toBe(false)
    acquireDataDirLock(dir).release()
  })

  it('refuses a lock this process holds until it releases it', () => {
    const lock = acquireDataDirLock(dir)
    expect(() => acquireDataDirLock(dir)).toThrow(refusal(process.pid))
    lock.release()
    acquireDataDirLock(dir).release()
  })

  it('leaves a lock another process took in the meantime on release', () => {
    const lock = acquireDataDirLock(dir)
    writeFileSync(lock.path, '4242 1 another-boot\n')
    lock.release()
    expect(readFileSync(lock.path, 'utf8')).toBe('4242 1 another-boot\n')
  })

  it('takes over a stale lock left by a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    writeFileSync(lockFile(), `${gone}\n`)
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^${process.pid}[ \n]`))
    lock.release()
  })

  it('takes over an unreadable lock file', () => {
    writeFileSync(lockFile(), 'garbage')
    acquireDataDirLock(dir).release()
  })

  it('creates a missing data directory', () => {
    const nested = join(dir, 'a', 'b')
    acquireDataDirLock(nested).release()
    expect(existsSync(nested)).toBe(true)
  })

  describe.runIf(existsSync('/proc/self/stat'))('on Linux: the holder is its pid, start time and boot', () => {
    it('records them', () => {
      const lock = acquireDataDirLock(dir)
      expect(readFileSync(lock.path, 'utf8')).toBe(`${process.pid} ${startTicks(process.pid)} ${bootId()}\n`)
      lock.release()
    })

    it('takes over a lock left by a crashed server whose pid now belongs to an unrelated process', () => {
      const pid = unrelatedProcess()
      // The crashed server had started before the process that has its pid now.
      writeFileSync(lockFile(), `${pid} ${startTicks(pid) - 1} ${bootId()}\n`)
      const lock = acquireDataDirLock(dir)
      expect(readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^${process.pid} `))
      lock.release()
    })

    it('reads the start time past a command name holding spaces and parentheses', () => {
      const odd = join(dir, 'a) (b c')
      copyFileSync('/bin/sleep', odd)
      chmodSync(odd, 0o755)
      const pid = unrelatedProcess(odd)
      writeFileSync(lockFile(), `${pid} ${startTicks(pid)} ${bootId()}\n`)
      expect(() => acquireDataDirLock(dir)).toThrow(refusal(pid))
      writeFileSync(lockFile(), `${pid} ${startTicks(pid) + 1} ${bootId()}\n`)
      acquireDataDirLock(dir).release()
    })

    it('takes over a lock from before a reboot, whatever process its pid names now', () => {
      const pid = unrelatedProcess()
      writeFileSync(lockFile(), `${pid} ${startTicks(pid)} 00000000-0000-0000-0000-000000000000\n`)
      acquireDataDirLock(dir).release()
    })

    it('takes over a lock naming its own pid with another start time (a container restarted after a crash)', () => {
      writeFileSync(lockFile(), `${process.pid} ${startTicks(process.pid) - 1} ${bootId()}\n`)
      acquireDataDirLock(dir).release()
    })

    it('refuses a lock a live child took, and takes it over once the child is killed', async () => {
      const script = `
        import { acquireDataDirLock } from ${JSON.stringify(new URL('./lock.ts', import.meta.url).href)}
        acquireDataDirLock(process.argv[1])
        process.stdout.write('locked\\n')
        setInterval(() => {}, 60_000)
      `
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir])
      children.push(child)
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const locked = await Promise.race([
        once(child.stdout, 'data').then(([chunk]) => String(chunk)),
        once(child, 'exit').then(() => `exited: ${stderr}`),
      ])
      expect(locked).toBe('locked\n')
      expect(() => acquireDataDirLock(dir)).toThrow(refusal(child.pid!))
      child.kill('SIGKILL')
      await once(child, 'exit')
      const lock = acquireDataDirLock(dir)
      expect(readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^${process.pid} `))
      lock.release()
    })
  })

  describe('a lock holding the pid alone (written before start times, or where there is no /proc)', () => {
    it('is refused while that pid lives: the pid alone cannot tell the holder from a reused pid', () => {
      const pid = unrelatedProcess()
      writeFileSync(lockFile(), `${pid}\n`)
      expect(() => acquireDataDirLock(dir)).toThrow(refusal(pid))
    })

    it('is taken over when it holds our own pid (a container restarted after a crash)', () => {
      writeFileSync(lockFile(), `${process.pid}\n`)
      acquireDataDirLock(dir).release()
    })

    it('is what a system without /proc writes, and the pid decides there', () => {
      const noProc = { proc: join(dir, 'no-proc') }
      const lock = acquireDataDirLock(dir, noProc)
      expect(readFileSync(lock.path, 'utf8')).toBe(`${process.pid}\n`)
      lock.release()
      const pid = unrelatedProcess()
      writeFileSync(lockFile(), `${pid} 1 boot\n`)
      expect(() => acquireDataDirLock(dir, noProc)).toThrow(refusal(pid))
      writeFileSync(lockFile(), `${process.pid} 1 boot\n`)
      acquireDataDirLock(dir, noProc).release()
    })
  })
})
