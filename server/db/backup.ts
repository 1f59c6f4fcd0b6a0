import {
  existsSync,
  lchownSync,
  linkSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { embeddedDatabaseDir } from './client.ts'
import { acquireDataDirLock, LockError, type DataDirLock } from './lock.ts'

/** A backup or restore that cannot go ahead; nothing was changed. */
export class BackupError extends Error {
  override name = 'BackupError'
}

/** The data-directory lock, or a refusal saying that a server holds it. */
function lockStoppedDataDir(dataDir: string): DataDirLock {
  try {
    return acquireDataDirLock(dataDir)
  } catch (error) {
    if (!(error instanceof LockError)) throw error
    throw new BackupError(
      `${error.message}\nBackups and restores run with the server stopped: stop it, then try again.`,
    )
  }
}

/**
 * A restore run as root (sudo) writes root's files, which the service user the server runs as
 * could not open: the restored database takes the owner of DATA_DIR, as the rest of it has.
 */
function giveToDataDirOwner(dataDir: string, restored: string) {
  if (process.getuid?.() !== 0) return
  const { uid, gid } = statSync(dataDir)
  if (uid === 0 && gid === 0) return
  lchownSync(restored, uid, gid)
  for (const entry of readdirSync(restored, { recursive: true, encoding: 'utf8' })) {
    lchownSync(join(restored, entry), uid, gid)
  }
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0

/**
 * Writes the embedded database in `dataDir` to `file` as PGlite's gzipped tarball of its data
 * directory (dumpDataDir), with the server stopped: the lock is taken, so no server starts
 * meanwhile. An existing file is never overwritten; the tarball is written beside it first and
 * linked to the name asked for (which fails if that name appeared meanwhile), so a failed backup
 * leaves no truncated file there. The whole database is in it (password and session hashes,
 * phone numbers): readable by its owner only.
 */
export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose a new name`)
  if (!existsSync(dirname(file))) throw new BackupError(`${dirname(file)} does not exist`)
  const lock = lockStoppedDataDir(dataDir)
  try {
    const dir = embeddedDatabaseDir(dataDir)
    if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupError(`there is no embedded database in ${dir}`)
    const pglite = new PGlite(dir)
    let bytes: Buffer
    try {
      await pglite.waitReady
      // Everything in the data files, so the tarball does not depend on replaying the WAL.
      await pglite.exec('checkpoint')
      bytes = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer())
    } finally {
      await pglite.close()
    }
    // A partial file is one of an earlier backup that crashed: the lock says none runs now.
    const partial = `${file}.partial`
    rmSync(partial, { force: true })
    writeFileSync(partial, bytes, { flag: 'wx', mode: 0o600 })
    try {
      linkSync(partial, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new BackupError(`${file} already exists; choose a new name`)
      throw error
    } finally {
      unlinkSync(partial)
    }
    return { bytes: bytes.length }
  } finally {
    lock.release()
  }
}

/**
 * Loads a backup into `dataDir`'s embedded database, with the server stopped. An empty (or new)
 * data directory only, unless `force`: then the database there is replaced. The backup is
 * loaded and opened in a directory beside the target first, and only a database that opened
 * with Marquee's migrations in it replaces anything. The old database is moved aside before
 * the new one takes its place and removed last, so no moment leaves the directory without one.
 */
export async function restoreEmbeddedDatabase(
  dataDir: string,
  file: string,
  options: { force: boolean },
): Promise<{ tables: number }> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`)
  const lock = lockStoppedDataDir(dataDir)
  try {
    const target = embeddedDatabaseDir(dataDir)
    if (!isEmptyDir(target) && !options.force) {
      throw new BackupError(
        `${target} already holds a database; restore into a new DATA_DIR, or add --force to replace it`,
      )
    }
    const staging = `${target}.restoring`
    rmSync(staging, { recursive: true, force: true })
    let tables = 0
    try {
      const pglite = new PGlite(staging, { loadDataDir: new Blob([readFileSync(file)]) })
      try {
        await pglite.waitReady
        // Any PGlite data directory would load: Marquee's has drizzle's record of its migrations.
        const migrations = await pglite.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        )
        if (!(migrations.rows[0]?.n ?? 0)) throw new Error('no Marquee migrations in it')
        const { rows } = await pglite.query<{ n: number }>(
          "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
        )
        tables = rows[0]?.n ?? 0
      } finally {
        await pglite.close()
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true })
      throw new BackupError(`${file} could not be loaded as a Marquee backup: ${(error as Error).message}`)
    }
    // Before it replaces anything: a failure here leaves the old database as it was.
    try {
      giveToDataDirOwner(dataDir, staging)
    } catch (error) {
      rmSync(staging, { recursive: true, force: true })
      throw new BackupError(`could not give the restored database the owner of ${dataDir}: ${(error as Error).message}`)
    }
    const replaced = `${target}.replaced`
    rmSync(replaced, { recursive: true, force: true })
    if (existsSync(target)) renameSync(target, replaced)
    renameSync(staging, target)
    rmSync(replaced, { recursive: true, force: true })
    return { tables }
  } finally {
    lock.release()
  }
}
