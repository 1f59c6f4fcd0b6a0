import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class LockError extends Error {
  override name = 'LockError'
}

export interface DataDirLock {
  path: string
  release(): void
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * One server process per embedded database: PGlite corrupts its files when two processes
 * open the same directory. The lock file holds the owner's pid and is created with O_EXCL;
 * a lock whose pid is gone (a crash, kill -9) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number
    try {
      fd = openSync(path, 'wx', 0o644)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let owner = NaN
      try {
        owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
      } catch {
        // Removed between our open and read: try again.
      }
      // Our own pid in the file can only be a stale lock: in a container the server is often
      // pid 1 again after a crash and restart.
      if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new LockError(
          `Another Marquee server (pid ${owner}) is using the data directory ${dataDir}. ` +
            `Stop it first, or start this one with another DATA_DIR. (Lock file: ${path})`,
        )
      }
      try {
        unlinkSync(path) // stale: its owner is gone
      } catch {
        // Someone else removed it first; the next attempt decides.
      }
      continue
    }
    writeSync(fd, `${process.pid}\n`)
    closeSync(fd)
    let released = false
    return {
      path,
      release() {
        if (released) return
        released = true
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path)
        } catch {
          // Already gone.
        }
      },
    }
  }
  throw new LockError(`Could not take the lock ${path}; another server keeps starting on ${dataDir}.`)
}
