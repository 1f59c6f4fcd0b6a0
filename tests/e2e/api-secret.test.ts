import { createHmac, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { journeyBrowser } from '../support/browser.ts'
import { buildApp, startServer, type RunningServer } from '../support/server-process.ts'

/** `API_SECRET=… npm start`: the app build and the server agree without a code change. */
describe('a non-default API_SECRET', () => {
  const secret = 'another-secret-for-this-deployment'
  const outDir = mkdtempSync(join(tmpdir(), 'marquee-dist-'))
  let server: RunningServer
  const { open } = journeyBrowser()

  beforeAll(async () => {
    await buildApp({ API_SECRET: secret }, outDir)
    server = await startServer({ API_SECRET: secret, STATIC_DIR: outDir })
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(outDir, { recursive: true, force: true })
  })

  it('logs in as a guest end to end', async () => {
    const { page, errors } = await open()
    const login = page.waitForResponse((r) => r.url().endsWith('/api/app/login/guest'))
    await page.goto(`${server.baseUrl}/mine/`)
    expect((await login).status()).toBe(200)
    await page.getByTestId('user-id').waitFor()
    expect(errors).toEqual([])
  })

  it('is what the server checks: a call signed with the default secret is refused', async () => {
    const path = '/api/app/ping/config'
    const xUserAgent = 'DevType=PC;SysType=h5_pc;Ver=2.1.1;Browser=e2e/1'
    const t = Math.floor(Date.now() / 1000)
    const nonce = randomBytes(16).toString('hex')
    const sign = (key: string) =>
      createHmac('sha1', key).update(`\n${path}\n${xUserAgent}\n${t}\n${nonce}`).digest('hex')
    const call = (key: string) =>
      fetch(`${server.baseUrl}${path}`, {
        headers: { Authorization: '', 'X-User-Agent': xUserAgent, 'x-api-key': `t=${t};n=${nonce};s=${sign(key)}` },
      })
    const refused = await call('marquee-dev-secret-change-me')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 4003 })
    expect((await call(secret)).status).toBe(200)
  })
})
