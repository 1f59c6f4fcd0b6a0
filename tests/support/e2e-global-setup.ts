import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { buildApp, startServer } from './server-process.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The server's DATA_DIR: `npm run admin` reaches it through its control socket there. */
    dataDir: string
  }
}

/** Builds the app and starts the real server once for all browser journeys, as `npm start` does. */
export default async function setup(project: TestProject) {
  await buildApp()
  // Every journey opens a fresh browser context, a new guest from 127.0.0.1: the default cap of
  // 30 new guests per IP and hour would leave later journeys without a session.
  const server = await startServer({ GUEST_LIMIT_PER_IP: '100000' })
  project.provide('baseUrl', server.baseUrl)
  project.provide('dataDir', server.dataDir)
  return async () => {
    await server.stop()
  }
}
