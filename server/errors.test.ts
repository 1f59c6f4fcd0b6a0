import { expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { parseConfig } from './config.ts'
import type { Db } from './db/client.ts'
import { TestClient } from './testing/client.ts'

it('answers an unexpected error with 5000 and HTTP 500, leaking nothing, and logs it', async () => {
  // Every query fails at once (a rejected promise drizzle never awaited would go unhandled).
  const failing = new Proxy(
    {},
    {
      get: () => () => {
        throw new Error('connection to 10.0.0.7 refused')
      },
    },
  ) as Db
  const config = { ...parseConfig({}), staticDir: '/nonexistent', overloadEventLoopDelayMs: 0 }
  const logs: string[] = []
  const app = await buildApp({
    config,
    db: failing,
    log: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
  })
  const client = new TestClient(app, config.apiSecret, () => Math.floor(Date.now() / 1000))
  const answer = await client.call('login/guest', { devID: 'device-12345678', affCode: '' })
  expect(answer.status).toBe(500)
  expect(answer.sealed).toBe(false)
  expect(answer.body).toEqual({ code: 5000, data: null, tip: '', msg: expect.any(String) })
  expect(JSON.stringify(answer.body)).not.toContain('10.0.0.7')
  expect(logs.join('')).toContain('connection to 10.0.0.7 refused')
  await app.close()
})
