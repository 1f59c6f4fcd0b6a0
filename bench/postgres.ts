/**
 * A throw-away PostgreSQL for the bench: the server tests' own (tests/support/postgres-global-setup.ts
 * — initdb into a temporary directory, durability off, run as the `postgres` OS user under root),
 * started through its vitest globalSetup entry, which needs only `provide` of the project.
 */
import type { TestProject } from 'vitest/node'
import startTestPostgres from '../tests/support/postgres-global-setup.ts'

export interface ThrowawayPostgres {
  /** A superuser URL (database `postgres`). */
  url: string
  /** Stops the server and removes its directory; safe to call more than once. */
  stop(): Promise<void>
}

export async function startPostgres(): Promise<ThrowawayPostgres> {
  let url = ''
  const project = { provide: (_key: 'postgresUrl', value: string) => (url = value) }
  const teardown = await startTestPostgres(project as unknown as TestProject)
  let stopping: Promise<void> | null = null
  return { url, stop: () => (stopping ??= teardown()) }
}
