import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { inject } from 'vitest'
import { ROOT } from './server-process.ts'

/** `npm run admin -- …` against the running journey server (through its control socket); its stdout. */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/admin/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: inject('dataDir') },
  })
  return stdout
}
