import * as v from 'valibot'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AppConfigSchema, type AppConfig } from '../../core/contracts/config.ts'
import type { HomeResult, Page, VideoCard } from '../../core/contracts/media.ts'
import { descramble } from '../../core/images/descramble.ts'
import { imageKeysFromConfig } from '../images/scramble.ts'
import { POST_VIDEO_CONTENT_TYPE, VipRequirement } from '../../core/contracts/media.ts'
import { CARD_TIERS, type CardTier } from '../../core/contracts/payments.ts'
import { vipUnlocks } from '../../core/vip/entitlement.ts'
import { BACKENDS, START_MS, useFreshDatabase, useTestApp } from '../testing/harness.ts'
import { DEMO_PERKS, VIP_ZONE_NAMES } from './demo/payments.ts'
import { diamondPackages, vipCards } from './schema/payments.ts'
import { appConfig } from './schema/ping.ts'
import { images } from './schema/images.ts'
import { actors, collections, tags, topics, videos } from './schema/catalogue.ts'
import { users } from './schema/accounts.ts'
import { postImages } from './schema/community.ts'
import { seedDemoData, type StoredAppConfig } from './seed.ts'

describe.each(BACKENDS)('demo seed (%s)', (backend) => {
  const t = useTestApp(backend)

  async function login() {
    const answer = await t.client.call('login/guest', { devID: 'device-seed-1', affCode: '' })
    t.client.token = (answer.body.data as { token: string }).token
  }

  it('seeds a catalogue with drawn images in every scheme, ads and icon ads, once', async () => {
    await seedDemoData(t.db, new Date(START_MS), { images: t.config })
    await seedDemoData(t.db, new Date(START_MS), { images: t.config })
    const all = await t.db.select().from(videos)
    // The catalogue; the demo community's post videos are hidden from it (demo/community.test.ts).
    const catalogue = all.filter((v) => v.contentType !== POST_VIDEO_CONTENT_TYPE)
    expect(catalogue.length).toBeGreaterThanOrEqual(60)
    expect(new Set(catalogue.map((v) => v.contentType))).toEqual(new Set([1, 2]))
    expect(new Set(all.map((v) => v.vip)).size).toBeGreaterThanOrEqual(3)
    expect(all.some((v) => v.price > 0)).toBe(true)
    expect(new Set(all.map((v) => v.title)).size).toBe(all.length)
    expect(all.some((v) => v.title === '夏日海边的旅行')).toBe(true)
    expect((await t.db.select().from(tags)).length).toBeGreaterThanOrEqual(8)
    const topicRows = await t.db.select().from(topics)
    expect(topicRows.length).toBeGreaterThanOrEqual(5)
    expect(topicRows.filter((x) => x.onHome).length).toBeGreaterThanOrEqual(3)
    expect((await t.db.select().from(actors)).length).toBeGreaterThanOrEqual(6)
    expect((await t.db.select().from(collections)).length).toBeGreaterThanOrEqual(3)

    await t.rebuild()
    const config = v.parse(AppConfigSchema, (await t.client.call('ping/config')).body.data)
    expect(config.advertise.filter((ad) => ad.position === 1).length).toBeGreaterThanOrEqual(3)
    expect(config.advertise.some((ad) => ad.position === 2)).toBe(true)
    const hrefs = config.advertise.map((ad) => ad.href)
    expect(hrefs).toContainEqual(expect.stringMatching(/^\/topicList\?id=\d+&name=/))
    expect(hrefs).toContainEqual(expect.stringMatching(/^read_xty_video\?id=\d+$/))
    expect(hrefs).toContainEqual(expect.stringMatching(/^https:\/\//))
    expect(config.statConfigApp.list.filter((ad) => ad.locIds.includes(1)).length).toBeGreaterThanOrEqual(8)
    // The welfare page's apps grid: in-app paths and SPEC §4's schemes, nothing external.
    expect(config.statConfigApp.nineList.length).toBeGreaterThanOrEqual(8)
    for (const ad of config.statConfigApp.nineList) expect(ad.href).toMatch(/^(\/|read_xty_)/)
    expect(config.statConfigApp.nineList.map((ad) => ad.href)).toEqual(
      expect.arrayContaining(['read_xty_vip', 'read_xty_share_invite', 'read_xty_up_list', '/welfare/exchange/']),
    )
    expect(config.floatingWindow).not.toBeNull()
    const ids = [
      ...config.advertise,
      ...config.statConfigApp.list,
      ...config.statConfigApp.nineList,
      config.floatingWindow!,
    ].map((ad) => ad.id)
    expect(new Set(ids).size).toBe(ids.length)

    // Every image the seed stored is served and descrambles to a real picture of its size.
    const stored = await t.db
      .select({ key: images.key, kind: images.kind, scheme: images.scheme, width: images.width })
      .from(images)
    expect(new Set(stored.map((image) => image.scheme))).toEqual(new Set(['marker', 'head', 'offset']))
    const keys = [
      ...all.map((v) => v.cover),
      ...topicRows.map((x) => x.cover),
      ...config.advertise.map((ad) => ad.image),
      ...config.statConfigApp.list.map((ad) => ad.image),
      ...config.statConfigApp.nineList.map((ad) => ad.image),
    ]
    const others = [
      ...(await t.db.select({ key: actors.avatar }).from(actors)).map((x) => x.key),
      ...(await t.db.select({ key: collections.cover }).from(collections)).map((x) => x.key),
      config.floatingWindow!.image,
      ...(await t.db.select({ key: users.avatar }).from(users)).map((x) => x.key).filter((key) => key !== ''),
      ...(await t.db.select({ key: postImages.imageKey }).from(postImages)).map((x) => x.key),
    ]
    expect(new Set(stored.map((image) => image.key))).toEqual(new Set([...keys, ...others]))
    expect(stored).toHaveLength(keys.length + others.length)
    const types = new Set<string>()
    for (const key of keys) {
      const answer = await t.app.inject(`/img/${key}`)
      expect(answer.statusCode, key).toBe(200)
      const plain = descramble(new Uint8Array(answer.rawPayload), imageKeysFromConfig(t.config))
      expect(plain.contentType, key).toMatch(/^image\/(jpeg|webp|png)$/)
      types.add(plain.contentType!)
    }
    expect(types.size).toBeGreaterThanOrEqual(2)
    const ratios = new Set(all.map((v) => (v.coverWidth / v.coverHeight).toFixed(2)))
    expect(ratios.size).toBeGreaterThanOrEqual(2)
  })

  it('gives every list several pages', async () => {
    await seedDemoData(t.db, new Date(START_MS))
    await login()
    const home = (await t.client.call('media/home', {})).body.data as HomeResult
    expect(home.sections.length).toBeGreaterThanOrEqual(3)
    for (const section of home.sections) expect(section.videos.length).toBeGreaterThanOrEqual(4)
    for (const name of ['media/published', 'media/recommend', 'search/hot']) {
      const first = (await t.client.call(name, {})).body.data as Page<VideoCard>
      const second = (await t.client.call(name, { cursor: first.nextCursor })).body.data as Page<VideoCard>
      expect(second.items, name).toHaveLength(10)
      expect(second.nextCursor, name).not.toBeNull()
    }
    const found = (await t.client.call('search/details', { keyword: '海边' })).body.data as Page<VideoCard>
    expect(found.items.map((item) => item.title)).toContain('夏日海边的旅行')
  })

  it('gives a database seeded by the earlier version the catalogue and the ads', async () => {
    const earlier: Partial<StoredAppConfig> = {
      domain: [{ type: 'IMAGE', urls: ['/img'] }],
      advertise: [],
      statConfigApp: { list: [], nineList: [] },
      floatingWindow: null,
      version: '1.0.0',
    }
    await t.db.insert(appConfig).values({ key: 'app', value: earlier, updatedAt: new Date(START_MS) })
    await seedDemoData(t.db, new Date(START_MS))
    const [row] = await t.db.select().from(appConfig).where(eq(appConfig.key, 'app'))
    const value = row!.value as AppConfig
    expect(value.domain).toEqual(earlier.domain)
    expect(value.advertise.length).toBeGreaterThanOrEqual(4)
    expect(value.statConfigApp.list.length).toBeGreaterThanOrEqual(8)
    expect(value.statConfigApp.nineList.length).toBeGreaterThanOrEqual(8)
    expect(value.floatingWindow).not.toBeNull()
    expect((await t.db.select().from(videos)).length).toBeGreaterThanOrEqual(60)
  })

  it('gives a database seeded before the welfare page its apps grid, keeping the icon row', async () => {
    await seedDemoData(t.db, new Date(START_MS))
    const [before] = await t.db.select().from(appConfig).where(eq(appConfig.key, 'app'))
    const seeded = before!.value as AppConfig
    const list = [{ id: 77, image: 'AAAAAAAAAAAAAAAA', href: '/subpage/search', locIds: [1] }]
    const earlier = { ...seeded, statConfigApp: { list, nineList: [] } }
    await t.db.update(appConfig).set({ value: earlier }).where(eq(appConfig.key, 'app'))
    await seedDemoData(t.db, new Date(START_MS))
    const [row] = await t.db.select().from(appConfig).where(eq(appConfig.key, 'app'))
    const value = row!.value as AppConfig
    expect(value.statConfigApp.list).toEqual(list)
    expect(value.statConfigApp.nineList.length).toBeGreaterThanOrEqual(8)
    expect(value.advertise).toEqual(seeded.advertise)
    // Seeding again leaves the grid it made as it is.
    await seedDemoData(t.db, new Date(START_MS))
    const [again] = await t.db.select().from(appConfig).where(eq(appConfig.key, 'app'))
    expect((again!.value as AppConfig).statConfigApp.nineList).toEqual(value.statConfigApp.nineList)
  })

  it('leaves ads and a catalogue the operator made alone', async () => {
    const ad = { id: 9, image: 'AAAAAAAAAAAAAAAA', position: 1 }
    await t.db.insert(appConfig).values({ key: 'app', value: { advertise: [ad] }, updatedAt: new Date(START_MS) })
    await t.db.insert(tags).values({ name: '自己的标签' })
    await seedDemoData(t.db, new Date(START_MS))
    const [row] = await t.db.select().from(appConfig).where(eq(appConfig.key, 'app'))
    expect((row!.value as AppConfig).advertise).toEqual([ad])
    expect(await t.db.select().from(videos)).toEqual([])
    expect((await t.db.select().from(tags)).map((x) => x.name)).toEqual(['自己的标签'])
  })
})

describe.each(BACKENDS)('demo payment catalogue (%s)', (backend) => {
  const database = useFreshDatabase(backend)

  it('seeds diamond packages with growing bonuses and VIP cards of every tier, once, in production too', async () => {
    await seedDemoData(database.db, new Date(START_MS), { demoAccount: false })
    await seedDemoData(database.db, new Date(START_MS), { demoAccount: false })
    const packages = await database.db.select().from(diamondPackages).orderBy(diamondPackages.price)
    expect(packages.length).toBeGreaterThanOrEqual(4)
    expect(packages.every((p) => p.enabled && p.diamonds > 0 && p.price > 0)).toBe(true)
    const bonusShares = packages.map((p) => p.bonusDiamonds / p.diamonds)
    expect(bonusShares[0]).toBe(0)
    expect(bonusShares).toEqual([...bonusShares].sort((a, b) => a - b))
    expect(new Set(bonusShares).size).toBe(bonusShares.length)

    const cards = await database.db.select().from(vipCards)
    expect(cards.length).toBeGreaterThanOrEqual(6)
    expect(new Set(cards.map((c) => c.tier))).toEqual(new Set(CARD_TIERS))
    expect(cards.some((c) => c.originalPrice !== null)).toBe(true)
    expect(cards.some((c) => c.originalPrice === null)).toBe(true)
    for (const card of cards) {
      expect(card.perks.length).toBeGreaterThanOrEqual(2)
      expect(card.perks.length).toBeLessThanOrEqual(4)
      expect(card.perks).toEqual(DEMO_PERKS[card.tier as CardTier])
    }
  })

  it("leaves the operator's packages alone and still seeds the empty card table", async () => {
    await database.db.insert(diamondPackages).values({ diamonds: 100, price: 10, createdAt: new Date(START_MS) })
    await seedDemoData(database.db, new Date(START_MS), { demoAccount: false })
    expect(await database.db.select({ diamonds: diamondPackages.diamonds }).from(diamondPackages)).toEqual([
      { diamonds: 100 },
    ])
    expect((await database.db.select().from(vipCards)).length).toBeGreaterThanOrEqual(6)
  })
})

describe('demo VIP perks', () => {
  it.each(CARD_TIERS)('promises on %s cards exactly the zones that tier opens', (tier) => {
    const holder = { [`${tier}Vip`]: { vipType: 1, vipExpireInt: 2_000_000_000 } }
    for (const requirement of [VipRequirement.Normal, VipRequirement.Supreme, VipRequirement.Dark]) {
      const named = DEMO_PERKS[tier].some((line) => line.includes(VIP_ZONE_NAMES[requirement]))
      expect(named, `${tier} / ${VIP_ZONE_NAMES[requirement]}`).toBe(vipUnlocks(requirement, holder, 1_900_000_000))
    }
  })
})
