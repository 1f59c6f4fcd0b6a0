/** `npm run admin -- <command> …`: operators' commands (server/admin/commands.ts). */
import { runAdmin } from './cli.ts'

process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
})
