import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class LockError extends Error {
  override name = 'LockError'
}

export interface DataDirLock {
  path: string
  release(): void
}

/**
 * Who holds a lock: a pid, and where Linux's /proc tells, when that process started (field 22
 * of /proc/<pid>/stat, clock ticks since boot) and in which boot. A pid alone is reused: after
 * a crash it can name any process started later.
 */
interface Holder {
  pid: number
  started?: { ticks: string; boot: string }
}

/** `pid ticks boot`; a lock written before start times were recorded holds the pid alone. */
function formatHolder({ pid, started }: Holder): string {
  return started ? `${pid} ${started.ticks} ${started.boot}\n` : `${pid}\n`
}

function parseHolder(text: string): Holder | null {
  const [pid = '', ticks, boot] = text.trim().split(/\s+/)
  const holder: Holder = { pid: Number(pid) }
  if (!/^\d+$/.test(pid) || !Number.isSafeInteger(holder.pid) || holder.pid <= 0) return null
  if (ticks !== undefined && /^\d+$/.test(ticks) && boot) holder.started = { ticks, boot }
  return holder
}

/** Field 22 of a /proc/…/stat file; null without /proc (macOS), for a process gone or hidden. */
function readStartTicks(statPath: string, pid: number): string | null {
  let stat: string
  try {
    stat = readFileSync(statPath, 'utf8')
  } catch {
    return null
  }
  // Field 2, the command name in parentheses, may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = fields[22 - 3]
  return Number.parseInt(stat, 10) === pid && ticks !== undefined && /^\d+$/.test(ticks) ? ticks : null
}

function thisProcess(proc: string): Holder {
  // /proc/self names this process only when /proc belongs to our pid namespace: one mounted from
  // another (a container given the host's) numbers it differently, and then only the pid is used.
  const ticks = readStartTicks(`${proc}/self/stat`, process.pid)
  let boot = ''
  try {
    boot = readFileSync(`${proc}/sys/kernel/random/boot_id`, 'utf8').trim()
  } catch {
    // No /proc: the pid alone.
  }
  return ticks !== null && boot ? { pid: process.pid, started: { ticks, boot } } : { pid: process.pid }
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

function stillHolds(holder: Holder, self: Holder, proc: string): boolean {
  if (holder.started && self.started) {
    // After a reboot every process is new, whatever its pid.
    if (holder.started.boot !== self.started.boot) return false
    const ticks =
      holder.pid === self.pid ? self.started.ticks : readStartTicks(`${proc}/${holder.pid}/stat`, holder.pid)
    if (ticks !== null) return ticks === holder.started.ticks
    // Gone, or hidden from us (/proc mounted with hidepid): the pid decides.
  }
  // Our own pid with no start time to compare can only be a stale lock: in a container the
  // server is often pid 1 again after a crash and restart.
  return holder.pid !== self.pid && isAlive(holder.pid)
}

/**
 * One server process per embedded database: PGlite corrupts its files when two processes
 * open the same directory. The lock file names its holder (see Holder) and is created with
 * O_EXCL; a lock whose holder is gone (a crash, kill -9, a reboot) is taken over, even when
 * its pid now belongs to another process. Where there is no /proc (macOS) the pid alone decides;
 * `proc` is for tests.
 */
export function acquireDataDirLock(dataDir: string, { proc = '/proc' }: { proc?: string } = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, 'server.lock')
  const self = thisProcess(proc)
  const content = formatHolder(self)
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number
    try {
      fd = openSync(path, 'wx', 0o644)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let holder: Holder | null = null
      try {
        holder = parseHolder(readFileSync(path, 'utf8'))
      } catch {
        // Removed between our open and read: try again.
      }
      if (holder && stillHolds(holder, self, proc)) {
        throw new LockError(
          `Another Marquee server (pid ${holder.pid}) is using the data directory ${dataDir}. ` +
            `Stop it first, or start this one with another DATA_DIR. (Lock file: ${path})`,
        )
      }
      try {
        unlinkSync(path) // stale: its holder is gone
      } catch {
        // Someone else removed it first; the next attempt decides.
      }
      continue
    }
    writeSync(fd, content)
    closeSync(fd)
    let released = false
    return {
      path,
      release() {
        if (released) return
        released = true
        try {
          if (readFileSync(path, 'utf8') === content) unlinkSync(path)
        } catch {
          // Already gone.
        }
      },
    }
  }
  throw new LockError(`Could not take the lock ${path}; another server keeps starting on ${dataDir}.`)
}
