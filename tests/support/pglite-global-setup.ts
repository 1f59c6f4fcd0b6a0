import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { wrapPglite } from '../../server/db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated, empty PGlite data directory, for PGlite({ loadDataDir }). */
    pgliteMigratedImage: string
  }
}

/**
 * Migrates one PGlite database for the whole run and saves its data directory. A blank PGlite
 * runs initdb, seconds of CPU in every test file that starts one; loading this image skips
 * initdb and the migrations, and gives the same database.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-pglite-'))
  const image = join(dir, 'migrated.tar')
  const pglite = new PGlite()
  try {
    await wrapPglite(pglite).migrate()
    writeFileSync(image, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()))
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  } finally {
    await pglite.close()
  }
  project.provide('pgliteMigratedImage', image)
  return () => rmSync(dir, { recursive: true, force: true })
}
