import { describe, expect, it } from 'vitest'
import { redisMissing, startRedis } from '../../tests/support/redis.ts'
import { connectRedis } from '../redis.ts'
import { createFailureLimit } from './failure-limit.ts'

const missing = redisMissing()

describe.skipIf(missing)(missing ? `failure limit on Redis: skipped (${missing})` : 'failure limit on Redis', () => {
  it('a right try stays right when Redis fails before its points are given back', async () => {
    const server = await startRedis()
    const warnings: object[] = []
    const redis = await connectRedis(server.url, {
      prefix: 'failure-limit:',
      log: { warn: (object) => void warnings.push(object) },
    })
    try {
      const limit = createFailureLimit({ name: 'test', maxFailures: 3, windowSeconds: 60 }, redis)
      const tried = await limit.attempt(['account:somebody', 'ip:198.51.100.1'])
      await server.stop()
      await expect(tried.succeeded()).resolves.toBeUndefined()
      expect(warnings).toContainEqual(expect.objectContaining({ limit: 'test', keys: 2 }))
    } finally {
      redis.client.disconnect()
      await Promise.race([redis.close(), new Promise((resolve) => setTimeout(resolve, 1000))])
      await server.stop()
    }
  })
})
