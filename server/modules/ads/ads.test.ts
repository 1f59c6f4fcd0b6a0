import { describe, expect, it } from 'vitest'
import { adClicks } from '../../db/schema/ads.ts'
import { appConfig } from '../../db/schema/ping.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { adIds } from './service.ts'

const ADS = {
  advertise: [
    { id: 1, image: 'AAAAAAAAAAAAAAAA', position: 1, href: '/topicList?id=1&name=x' },
    { id: 2, image: 'AAAAAAAAAAAAAAAB', position: 2, href: 'https://example.com' },
  ],
  statConfigApp: { list: [{ id: 101, image: 'AAAAAAAAAAAAAAAC', locIds: [1] }], nineList: [] },
  floatingWindow: { id: 201, image: 'AAAAAAAAAAAAAAAD', href: 'read_xty_vip' },
}

describe.each(BACKENDS)('advertise/click (%s)', (backend) => {
  const t = useTestApp(backend)

  async function setUp() {
    await t.db.insert(appConfig).values({ key: 'app', value: ADS, updatedAt: new Date(START_MS) })
    const answer = await t.client.call('login/guest', { devID: 'device-ads-1', affCode: '' })
    const login = answer.body.data as { id: number; token: string }
    t.client.token = login.token
    return login
  }

  it('records one click per call on any ad the config serves', async () => {
    const { id: userId } = await setUp()
    for (const id of [1, 2, 101, 201]) {
      expect((await t.client.call('advertise/click', { id })).body).toMatchObject({ code: 200, data: null })
    }
    t.clock.advance(1000)
    await t.client.call('advertise/click', { id: 1 })
    const rows = await t.db.select().from(adClicks).orderBy(adClicks.id)
    expect(rows.map((row) => [row.adId, row.userId, row.clickedAt.getTime()])).toEqual([
      [1, userId, START_MS],
      [2, userId, START_MS],
      [101, userId, START_MS],
      [201, userId, START_MS],
      [1, userId, START_MS + 1000],
    ])
  })

  it('answers 4000 naming id for an unknown or malformed id and writes nothing', async () => {
    await setUp()
    for (const body of [{ id: 999 }, { id: 'x' }, {}, { id: -1 }]) {
      const answer = await t.client.call('advertise/click', body)
      expect(answer.body.code, JSON.stringify(body)).toBe(4000)
      expect(answer.body.msg).toMatch(/^id: /)
    }
    expect(await t.db.select().from(adClicks)).toEqual([])
  })

  it('answers 1000 without a session and writes nothing', async () => {
    await setUp()
    expect((await t.client.call('advertise/click', { id: 1 }, { token: '' })).body.code).toBe(1000)
    expect(await t.db.select().from(adClicks)).toEqual([])
  })
})

describe('adIds', () => {
  it('collects advertise, both icon lists and the floating window', () => {
    const ids = adIds({
      ...ADS,
      statConfigApp: { ...ADS.statConfigApp, nineList: [{ id: 7, image: '', locIds: [2] }] },
    })
    expect([...ids].sort((a, b) => a - b)).toEqual([1, 2, 7, 101, 201])
    expect(adIds({ advertise: [], statConfigApp: { list: [], nineList: [] }, floatingWindow: null }).size).toBe(0)
  })
})
