import { runAdmin } from '../admin/cli.ts'

/**
 * `npm run admin -- …argv` in this process with `env` as its environment: its exit code and what
 * it printed to stdout and stderr. `now` fixes the clock (Unix milliseconds).
 */
export async function runAdminCli(env: Record<string, string>, argv: string[], now?: () => number) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(argv, {
    env,
    stdout: (line) => void out.push(line),
    stderr: (line) => void err.push(line),
    ...(now ? { now } : {}),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}
