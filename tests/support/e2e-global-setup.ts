import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { buildApp, startServer } from './server-process.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

/** Builds the app and starts the real server once for all browser journeys, as `npm start` does. */
export default async function setup(project: TestProject) {
  await buildApp()
  const server = await startServer()
  project.provide('baseUrl', server.baseUrl)
  return async () => {
    await server.stop()
  }
}
