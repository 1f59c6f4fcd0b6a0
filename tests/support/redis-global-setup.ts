import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { redisMissing, startRedis } from './redis.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A throw-away redis-server for the server tests, or '' where redis-server is not installed. */
    redisUrl: string
    /** Why redisUrl is '' (tests that need Redis skip with this message). */
    redisMissing: string
  }
}

/** One redis-server for the server tests; each test file keeps its keys apart by a prefix of its own. */
export default async function setup(project: TestProject) {
  const missing = redisMissing()
  project.provide('redisMissing', missing ?? '')
  if (missing) {
    project.provide('redisUrl', '')
    return
  }
  const redis = await startRedis()
  project.provide('redisUrl', redis.url)
  return () => redis.stop()
}
