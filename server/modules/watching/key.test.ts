import { describe, expect, it } from 'vitest'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import { appConfig } from '../../db/schema/ping.ts'
import { collectionPurchases, purchases } from '../../db/schema/wallet.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { insertCollection, insertVideos, loginGuest } from '../wallet/testing.ts'
import { PLAY_TOKEN_TTL_SECONDS } from './play-token.ts'
import { KEY_RATE_LIMIT } from './service.ts'
import { insertStream, setVip, testPlayTokens, type VipLineName } from './testing.ts'

const MINUTE = 60_000

describe.each(BACKENDS)('play tokens and the key endpoint (%s)', (backend) => {
  const t = useTestApp(backend)
  const tokens = () => testPlayTokens(t.db, t.clock.now)

  const getKey = (videoId: number | string, pt?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/media/key/${videoId}${pt === undefined ? '' : `?pt=${encodeURIComponent(pt)}`}`,
      headers,
    })

  const play = async (id: number) => {
    const answer = await t.client.call('media/play', { id })
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data as PlayInfo
  }
  const tokenOf = (info: PlayInfo) => new URL(info.lines[0]!.url).searchParams.get('pt')!

  // The entitlement rule (core/vip/entitlement.ts), written out: which user states open which video.
  type UserState = 'none' | VipLineName | `${VipLineName}-expired` | 'bought'
  const VIDEOS = {
    free: { price: 0, vip: 0 },
    normal: { vip: 1 },
    supreme: { vip: 2 },
    dark: { vip: 3 },
    priced: { price: 700 },
  }
  const OPENS: Record<keyof typeof VIDEOS, UserState[]> = {
    free: ['none', 'normal', 'normal-expired', 'supreme', 'supreme-expired', 'dark', 'dark-expired', 'bought'],
    normal: ['normal', 'supreme', 'dark'],
    supreme: ['supreme'],
    dark: ['dark', 'supreme'],
    priced: ['bought'],
  }
  const STATES: UserState[] = [
    'none',
    'normal',
    'normal-expired',
    'supreme',
    'supreme-expired',
    'dark',
    'dark-expired',
    'bought',
  ]

  it('entitlement matrix: key 200 with the stored bytes or 403; media/play lines only when it opens', async () => {
    const names = Object.keys(VIDEOS) as (keyof typeof VIDEOS)[]
    const ids = await insertVideos(
      t.db,
      names.map((name) => VIDEOS[name]),
    )
    const keys = await Promise.all(ids.map((id) => insertStream(t.db, id)))
    for (const state of STATES) {
      const userId = await loginGuest(t.client, `device-matrix-${state}`)
      const [line, expired] = state.split('-') as [string, string | undefined]
      if (line === 'normal' || line === 'supreme' || line === 'dark') {
        // Expired: a second ago (vipType stays 1, as a lapsed membership's row does).
        await setVip(t.db, userId, line, new Date(expired ? START_MS - 1000 : START_MS + 30 * 86_400_000))
      }
      if (state === 'bought') {
        await t.db.insert(purchases).values({ userId, videoId: ids[4]!, price: 700, createdAt: new Date(START_MS) })
      }
      for (const [i, name] of names.entries()) {
        const opens = OPENS[name].includes(state)
        const info = await play(ids[i]!)
        expect(info.lock === 'none', `${state} × ${name}`).toBe(opens)
        expect(info.lines.length > 0, `${state} × ${name} lines`).toBe(opens)
        const answer = await getKey(ids[i]!, await tokens().issue(userId, ids[i]!))
        expect(answer.statusCode, `${state} × ${name} key`).toBe(opens ? 200 : 403)
        expect(answer.headers['cache-control']).toBe('no-store')
        if (opens) {
          expect(answer.headers['content-type']).toBe('application/octet-stream')
          expect(new Uint8Array(answer.rawPayload)).toEqual(keys[i])
        } else {
          expect(answer.rawPayload).toHaveLength(0)
        }
      }
    }
  })

  it('key requests arriving together (checked in one query) each get their own answer', async () => {
    const collectionId = await insertCollection(t.db, 900)
    const [free, supreme, priced, inCollection, clear] = await insertVideos(t.db, [
      {},
      { vip: 2 },
      { price: 700 },
      { price: 300, collectionId },
      {},
    ])
    const keys = await Promise.all([free, supreme, priced, inCollection].map((id) => insertStream(t.db, id!)))
    await insertStream(t.db, clear!, false)
    const plain = await loginGuest(t.client, 'device-together-plain')
    const member = await loginGuest(t.client, 'device-together-member')
    await setVip(t.db, member, 'supreme', new Date(START_MS + MINUTE))
    const buyer = await loginGuest(t.client, 'device-together-buyer')
    const at = new Date(START_MS)
    await t.db.insert(purchases).values({ userId: buyer, videoId: priced!, price: 700, createdAt: at })
    await t.db.insert(collectionPurchases).values({ userId: buyer, collectionId, price: 900, createdAt: at })
    const missing = inCollection! + 1000
    // [user, video, status, key]: every user against every video, plus a video that is not there.
    const cases: [number, number, number, Uint8Array | null][] = []
    for (const user of [plain, member, buyer]) {
      cases.push([user, free!, 200, keys[0]!])
      cases.push([user, supreme!, user === member ? 200 : 403, keys[1]!])
      cases.push([user, priced!, user === buyer ? 200 : 403, keys[2]!])
      cases.push([user, inCollection!, user === buyer ? 200 : 403, keys[3]!])
      cases.push([user, clear!, 404, null])
      cases.push([user, missing, 403, null])
    }
    const issued = await Promise.all(cases.map(([user, video]) => tokens().issue(user, video)))
    const answers = await Promise.all(cases.map(([, video], i) => getKey(video, issued[i])))
    for (const [i, [user, video, status, key]] of cases.entries()) {
      expect(answers[i]!.statusCode, `user ${user} × video ${video}`).toBe(status)
      if (status === 200) expect(new Uint8Array(answers[i]!.rawPayload)).toEqual(key)
    }
  })

  it('checks entitlement when the key is asked for, not when the token was made', async () => {
    const [videoId] = await insertVideos(t.db, [{ vip: 2 }])
    await insertStream(t.db, videoId!)
    const userId = await loginGuest(t.client, 'device-lapse')
    await setVip(t.db, userId, 'supreme', new Date(START_MS + 2 * MINUTE))
    const token = tokenOf(await play(videoId!))
    expect((await getKey(videoId!, token)).statusCode).toBe(200)
    t.clock.advance(2 * MINUTE)
    expect((await getKey(videoId!, token)).statusCode).toBe(403)
  })

  it('a play token expires after its lifetime', async () => {
    const [videoId] = await insertVideos(t.db, [{}])
    await insertStream(t.db, videoId!)
    await loginGuest(t.client, 'device-expiry')
    const token = tokenOf(await play(videoId!))
    t.clock.advance(PLAY_TOKEN_TTL_SECONDS * 1000 - 1000)
    expect((await getKey(videoId!, token)).statusCode).toBe(200)
    t.clock.advance(1000)
    expect((await getKey(videoId!, token)).statusCode).toBe(403)
  })

  it("a token opens only its own video and user: A's token cannot be re-bound to B or to another video", async () => {
    const [free, priced] = await insertVideos(t.db, [{}, { price: 500 }])
    await insertStream(t.db, free!)
    await insertStream(t.db, priced!)
    const alice = await loginGuest(t.client, 'device-alice')
    const bob = await loginGuest(t.client, 'device-bob')
    await t.db.insert(purchases).values({ userId: bob, videoId: priced!, price: 500, createdAt: new Date(START_MS) })
    const aliceToken = await tokens().issue(alice, free!)
    expect((await getKey(free!, aliceToken)).statusCode).toBe(200)
    expect((await getKey(priced!, aliceToken)).statusCode).toBe(403)
    // Bob bought the priced video; Alice's token edited to name Bob (or that video) fails its signature.
    const [, , expiry, signature] = aliceToken.split('.')
    for (const forged of [`${bob}.${free}.${expiry}.${signature}`, `${alice}.${priced}.${expiry}.${signature}`]) {
      expect((await getKey(free!, forged)).statusCode).toBe(403)
      expect((await getKey(priced!, forged)).statusCode).toBe(403)
    }
    const later = `${alice}.${free}.${Number(expiry) + 3600}.${signature}`
    expect((await getKey(free!, later)).statusCode).toBe(403)
    expect((await getKey(priced!, await tokens().issue(bob, priced!))).statusCode).toBe(200)
  })

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['the session token', 'SESSION'],
    ['garbage', 'a.b.c.d'],
  ])('answers 403 to %s', async (_, pt) => {
    const [videoId] = await insertVideos(t.db, [{}])
    await insertStream(t.db, videoId!)
    await loginGuest(t.client, 'device-garbage')
    expect((await getKey(videoId!, pt === 'SESSION' ? t.client.token : pt)).statusCode).toBe(403)
    expect((await getKey(videoId!, undefined, { 'x-play-token': t.client.token })).statusCode).toBe(403)
  })

  it('takes the token from X-Play-Token too; refuses bad ids; 404 for a stream without a key', async () => {
    const [encrypted, clear] = await insertVideos(t.db, [{}, {}])
    await insertStream(t.db, encrypted!)
    await insertStream(t.db, clear!, false)
    const userId = await loginGuest(t.client, 'device-header')
    const token = await tokens().issue(userId, encrypted!)
    expect((await getKey(encrypted!, undefined, { 'x-play-token': token })).statusCode).toBe(200)
    for (const bad of ['0', '-1', 'abc', '99999999999']) expect((await getKey(bad, token)).statusCode).toBe(403)
    expect((await getKey(clear!, await tokens().issue(userId, clear!))).statusCode).toBe(404)
  })

  it(`limits each user to ${KEY_RATE_LIMIT} key requests a minute (429), then lets them in again`, async () => {
    const [videoId] = await insertVideos(t.db, [{}])
    await insertStream(t.db, videoId!)
    const alice = await loginGuest(t.client, 'device-rate-a')
    const bob = await loginGuest(t.client, 'device-rate-b')
    const aliceToken = await tokens().issue(alice, videoId!)
    for (let i = 0; i < KEY_RATE_LIMIT; i++) expect((await getKey(videoId!, aliceToken)).statusCode).toBe(200)
    expect((await getKey(videoId!, aliceToken)).statusCode).toBe(429)
    expect((await getKey(videoId!, await tokens().issue(bob, videoId!))).statusCode).toBe(200)
    t.clock.advance(MINUTE)
    expect((await getKey(videoId!, aliceToken)).statusCode).toBe(200)
  })

  it('lines: each VID then MP4 URL once, master playlist with pt; never the session token; no token in the log', async () => {
    await t.db.insert(appConfig).values({
      key: 'app',
      value: {
        domain: [
          { type: 'VID', urls: ['https://vid1.example', 'https://vid2.example/'] },
          { type: 'MP4', urls: ['/', 'https://vid1.example'] },
        ],
      },
      updatedAt: new Date(START_MS),
    })
    const [videoId, noStream] = await insertVideos(t.db, [{}, {}])
    await insertStream(t.db, videoId!)
    await loginGuest(t.client, 'device-lines')
    const info = await play(videoId!)
    const token = tokenOf(info)
    const base = t.config.publicUrl
    expect(info.lines).toEqual([
      { name: '线路1', url: `https://vid1.example/hls/${videoId}/master.m3u8?pt=${encodeURIComponent(token)}` },
      { name: '线路2', url: `https://vid2.example/hls/${videoId}/master.m3u8?pt=${encodeURIComponent(token)}` },
      { name: '线路3', url: `${base}/hls/${videoId}/master.m3u8?pt=${encodeURIComponent(token)}` },
    ])
    expect(JSON.stringify(info)).not.toContain(t.client.token)
    expect((await play(noStream!)).lines).toEqual([])
    t.logs.length = 0
    expect((await getKey(videoId!, token)).statusCode).toBe(200)
    expect((await getKey(videoId!, undefined, { 'x-play-token': token })).statusCode).toBe(200)
    const logged = t.logs.join('\n')
    expect(logged).toContain(`/api/media/key/${videoId}`)
    expect(logged).not.toContain(token)
    expect(logged).not.toContain(token.split('.')[3])
    expect(logged).not.toContain(t.client.token)
    // Should a handler ever log the token itself, or headers, redaction catches it.
    t.app.log.info({ pt: token, playToken: token, headers: { 'x-play-token': token } }, 'play token')
    expect(t.logs.at(-1)).toContain('[redacted]')
    expect(t.logs.at(-1)).not.toContain(token)
  })
})
