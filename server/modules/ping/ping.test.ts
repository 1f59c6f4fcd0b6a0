import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AnnouncementSchema, AppConfigSchema } from '../../../core/contracts/config.ts'
import { seedDemoData } from '../../db/seed.ts'
import { appConfig, announcements } from '../../db/schema/ping.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { CONFIG_CACHE_MS, resolveDomainUrl } from './service.ts'

describe.each(BACKENDS)('ping (%s)', (backend) => {
  const t = useTestApp(backend)

  it('ping/check answers 200', async () => {
    expect((await t.client.call('ping/check')).body).toEqual({ code: 200, data: null, tip: '', msg: 'ok' })
  })

  it('ping/config serves the stored config with domains at PUBLIC_URL and the server encryption flags', async () => {
    await seedDemoData(t.db, new Date(START_MS))
    await t.rebuild({ publicUrl: 'https://marquee.example', encryptRequest: false, encryptM3u8: false })
    const answer = await t.client.call('ping/config')
    const config = v.parse(AppConfigSchema, answer.body.data)
    expect(config.domain.map((d) => d.type).sort()).toEqual(['API', 'H5SHAREURL', 'IMAGE', 'LAND', 'MP4', 'VID'])
    for (const entry of config.domain) {
      expect(entry.urls).toEqual([entry.type === 'IMAGE' ? 'https://marquee.example/img' : 'https://marquee.example'])
    }
    expect(config.encryption).toEqual({ request: false, http: true, m3u8: false })
    await t.rebuild()
    t.clock.advance(CONFIG_CACHE_MS)
    const defaults = v.parse(AppConfigSchema, (await t.client.call('ping/config')).body.data)
    expect(defaults.encryption).toEqual({ request: true, http: true, m3u8: true })
    expect(config.announcement?.title).toBe('欢迎来到 Marquee')
    expect(config.version).toBe('1.0.0')
  })

  it('ping/config works on an empty database and shows a stored change once its cache expires', async () => {
    const empty = v.parse(AppConfigSchema, (await t.client.call('ping/config')).body.data)
    expect(empty.announcement).toBeNull()
    await t.db.insert(appConfig).values({
      key: 'app',
      value: { domain: [{ type: 'IMAGE', urls: ['https://img.example/a', '/media'] }] },
      updatedAt: new Date(START_MS),
    })
    t.clock.advance(CONFIG_CACHE_MS - 1)
    expect((await t.client.call('ping/config')).body.data).toEqual(empty)
    t.clock.advance(1)
    const changed = v.parse(AppConfigSchema, (await t.client.call('ping/config')).body.data)
    expect(changed.domain).toEqual([{ type: 'IMAGE', urls: ['https://img.example/a', 'http://127.0.0.1:8080/media'] }])
  })

  it('ping/config leaves out the entries an operator stored outside the contract, and keeps the rest', async () => {
    const ad = { id: 1, image: 'ad/1.jpg', position: 1 }
    const icon = { id: 2, image: 'icon/2.png', locIds: [1] }
    await t.db.insert(appConfig).values({
      key: 'app',
      value: {
        domain: [
          { type: 'IMAGE', urls: ['https://img.example'] },
          { type: 'WS', urls: ['wss://x'] },
        ],
        advertise: [ad, { ...ad, id: 3, title: null }, { ...ad, id: 4, position: 6 }],
        statConfigApp: { list: [icon, { ...icon, id: 5, locIds: [8] }], nineList: [{ id: 'x' }] },
        floatingWindow: { id: 6, image: 'f.png', ratio: 0 },
      },
      updatedAt: new Date(START_MS),
    })
    const answer = await t.client.call('ping/config')
    expect(answer.body.code).toBe(200)
    const config = v.parse(AppConfigSchema, answer.body.data)
    expect(config.domain).toEqual([{ type: 'IMAGE', urls: ['https://img.example'] }])
    expect(config.advertise).toEqual([ad])
    expect(config.statConfigApp).toEqual({ list: [icon], nineList: [] })
    expect(config.floatingWindow).toBeNull()
  })

  it("custom/getEndpoint answers the API entries' URLs in preference order, resolved like the config's", async () => {
    await t.db.insert(appConfig).values({
      key: 'app',
      value: {
        domain: [
          { type: 'IMAGE', urls: ['https://img.example'] },
          { type: 'API', urls: ['https://api-1.example', '/'] },
          { type: 'API', urls: ['https://api-2.example', 'https://api-1.example'] },
        ],
      },
      updatedAt: new Date(START_MS),
    })
    await t.rebuild({ publicUrl: 'https://marquee.example' })
    const answer = await t.client.call('custom/getEndpoint', {})
    expect(answer.body).toMatchObject({
      code: 200,
      data: { lines: ['https://api-1.example', 'https://marquee.example', 'https://api-2.example'] },
    })
  })

  it('a run on this machine has both loopback names as its API lines, and calls from either origin pass', async () => {
    await seedDemoData(t.db, new Date(START_MS))
    const lines = ['http://127.0.0.1:8080', 'http://localhost:8080']
    expect((await t.client.call('custom/getEndpoint', {})).body.data).toEqual({ lines })
    const config = v.parse(AppConfigSchema, (await t.client.call('ping/config')).body.data)
    expect(config.domain.find((entry) => entry.type === 'API')?.urls).toEqual(lines)

    // The page on one name calls the other: the preflight, then the signed call itself.
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/app/media/home',
      headers: {
        origin: lines[0],
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-api-key,x-user-agent',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('*')
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'x-api-key', 'x-user-agent']),
    )
    const call = await t.client.call('ping/config', undefined, { headers: { origin: lines[0] } })
    expect(call.headers['access-control-allow-origin']).toBe('*')
    // A refusal too, or the browser would report a network error instead of its code.
    const unsigned = await t.app.inject({ url: '/api/app/ping/config', headers: { origin: lines[0] } })
    expect(unsigned.json()).toMatchObject({ code: 4003 })
    expect(unsigned.headers['access-control-allow-origin']).toBe('*')
    expect(String(call.headers['content-security-policy'])).toContain(`connect-src 'self' https: ${lines.join(' ')};`)

    // Nothing but the calls is opened to other origins.
    const page = await t.app.inject({
      method: 'OPTIONS',
      url: '/',
      headers: { origin: lines[1], 'access-control-request-method': 'GET' },
    })
    expect(page.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('a server elsewhere lists only its configured lines and opens no plain-http origin', async () => {
    await seedDemoData(t.db, new Date(START_MS))
    await t.rebuild({ publicUrl: 'https://marquee.example' })
    const answer = await t.client.call('custom/getEndpoint', {})
    expect(answer.body.data).toEqual({ lines: ['https://marquee.example'] })
    expect(String(answer.headers['content-security-policy'])).toContain("connect-src 'self' https:;")
  })

  it('ping/announcement answers the latest published announcement, or null', async () => {
    expect((await t.client.call('ping/announcement', {})).body).toMatchObject({ code: 200, data: null })
    await t.db.insert(announcements).values([
      { title: '旧', content: 'a', publishedAt: new Date(START_MS - 1000) },
      { title: '新', content: 'b', publishedAt: new Date(START_MS - 10) },
      { title: '未来', content: 'c', publishedAt: new Date(START_MS + 3600_000) },
    ])
    t.clock.advance(CONFIG_CACHE_MS)
    const answer = await t.client.call('ping/announcement', {})
    expect(v.parse(AnnouncementSchema, answer.body.data)).toMatchObject({
      title: '新',
      publishedAt: ((START_MS - 10) / 1000) | 0,
    })
  })

  it('seeding twice leaves one config of each key and one announcement', async () => {
    await seedDemoData(t.db, new Date(START_MS))
    await seedDemoData(t.db, new Date(START_MS))
    expect((await t.db.select({ key: appConfig.key }).from(appConfig)).map(({ key }) => key).sort()).toEqual([
      'app',
      'contact',
    ])
    expect(await t.db.select().from(announcements)).toHaveLength(1)
  })
})

describe('resolveDomainUrl', () => {
  it.each([
    ['/', 'http://h:1'],
    ['', 'http://h:1'],
    ['/media/', 'http://h:1/media'],
    ['https://cdn.example/x', 'https://cdn.example/x'],
  ])('%j → %j', (url, expected) => {
    expect(resolveDomainUrl(url, 'http://h:1')).toBe(expected)
  })
})
