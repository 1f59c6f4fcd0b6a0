import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, LockError } from './lock.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-lock-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('data directory lock', () => {
  it('lets one server in, refuses a second with a clear message, and frees the directory on release', () => {
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid))
    // Another live server process holding the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
    try {
      writeFileSync(lock.path, `${other.pid}\n`)
      expect(() => acquireDataDirLock(dir)).toThrow(LockError)
      expect(() => acquireDataDirLock(dir)).toThrow(
        `Another Marquee server (pid ${other.pid}) is using the data directory`,
      )
    } finally {
      other.kill()
    }
    writeFileSync(lock.path, `${process.pid}\n`)
    lock.release()
    expect(existsSync(lock.path)).toBe(false)
    acquireDataDirLock(dir).release()
  })

  it('takes over a lock holding its own pid (a container restarted after a crash)', () => {
    writeFileSync(join(dir, 'server.lock'), `${process.pid}\n`)
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  it('takes over a stale lock left by a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    writeFileSync(join(dir, 'server.lock'), `${gone}\n`)
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  it('takes over an unreadable lock file', () => {
    writeFileSync(join(dir, 'server.lock'), 'garbage')
    acquireDataDirLock(dir).release()
  })

  it('creates a missing data directory', () => {
    const nested = join(dir, 'a', 'b')
    acquireDataDirLock(nested).release()
    expect(existsSync(nested)).toBe(true)
  })
})
