import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppConfigSchema } from '../../../core/contracts/config.ts'
import { descramble } from '../../../core/images/descramble.ts'
import { AppError } from '../../errors.ts'
import { imageKeysFromConfig, SCRAMBLE_SCHEMES } from '../../images/scramble.ts'
import { images } from '../../db/schema/images.ts'
import { appConfig } from '../../db/schema/ping.ts'
import { seedDemoData } from '../../db/seed.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { makePng } from './demo-png.ts'
import { DEFAULT_IMAGE_SCHEMES, IMAGE_KINDS } from './kinds.ts'
import { IMAGE_KEY_PATTERN, storeImage } from './service.ts'

/** Deterministic bytes (xorshift32) so keys and offset fillers reproduce. */
function seededRandom(seed: number) {
  let x = seed
  return (length: number) => {
    const out = new Uint8Array(length)
    for (let i = 0; i < length; i++) {
      x ^= x << 13
      x ^= x >>> 17
      x ^= x << 5
      out[i] = x & 0xff
    }
    return out
  }
}

const PNG = makePng(7, 5, (x, y) => [x * 30, y * 40, 200])
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

let dist: string
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'marquee-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Marquee</title>')
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

describe.each(BACKENDS)('images (%s)', (backend) => {
  const t = useTestApp(backend)

  it.each(SCRAMBLE_SCHEMES)('stores a %s-scrambled image and serves exactly those bytes', async (scheme) => {
    const config = { ...t.config, imageSchemes: { ...DEFAULT_IMAGE_SCHEMES, upload: scheme } }
    const stored = await storeImage(t.db, { bytes: PNG, kind: 'upload' }, config, {
      randomBytes: seededRandom(7),
      now: () => START_MS,
    })
    expect(stored).toMatchObject({ kind: 'upload', scheme, contentType: 'image/png', width: 7, height: 5 })
    expect(stored.key).toMatch(IMAGE_KEY_PATTERN)
    expect(stored.path).toBe(`/img/${stored.key}`)

    const answer = await t.app.inject(stored.path)
    expect(answer.statusCode).toBe(200)
    const body = answer.rawPayload
    expect(body.length).toBe(stored.byteSize)
    expect(answer.headers.etag).toBe(`"${sha256(body)}"`)
    const plain = descramble(new Uint8Array(body), imageKeysFromConfig(config))
    expect(plain.scheme).toBe(scheme)
    expect(plain.contentType).toBe('image/png')
    expect(Buffer.from(plain.bytes).equals(Buffer.from(PNG))).toBe(true)

    const [row] = await t.db.select().from(images)
    expect(row).toMatchObject({ key: stored.key, scheme, sha256: sha256(body), createdAt: new Date(START_MS) })
    expect(Buffer.from(row!.bytes).equals(body)).toBe(true)
  })

  it('scrambles each kind with its configured scheme (defaults use all three)', async () => {
    for (const kind of IMAGE_KINDS) {
      const stored = await storeImage(t.db, { bytes: PNG, kind }, t.config)
      expect(stored.scheme).toBe(DEFAULT_IMAGE_SCHEMES[kind])
      const body = (await t.app.inject(stored.path)).rawPayload
      expect(descramble(new Uint8Array(body), imageKeysFromConfig(t.config)).scheme).toBe(stored.scheme)
    }
    expect(new Set(Object.values(DEFAULT_IMAGE_SCHEMES))).toEqual(new Set(SCRAMBLE_SCHEMES))
  })

  it('answers with immutable caching, an ETag and cross-origin headers, no cookies, no signature', async () => {
    const { path } = await storeImage(t.db, { bytes: PNG, kind: 'cover' }, t.config)
    const answer = await t.app.inject({ url: path, headers: { origin: 'https://other.example' } })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    })
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined()
    expect(answer.headers['set-cookie']).toBeUndefined()

    const etag = answer.headers.etag as string
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const revalidated = await t.app.inject({ url: path, headers: { 'if-none-match': ifNoneMatch } })
      expect(revalidated.statusCode).toBe(304)
      expect(revalidated.body).toBe('')
      expect(revalidated.headers).toMatchObject({ etag, 'cache-control': 'public, max-age=31536000, immutable' })
    }
    expect((await t.app.inject({ url: path, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200)
    // Range is ignored: the whole image, 200.
    const ranged = await t.app.inject({ url: path, headers: { range: 'bytes=0-9' } })
    expect(ranged.statusCode).toBe(200)
    expect(ranged.rawPayload.equals(answer.rawPayload)).toBe(true)
  })

  it('answers HEAD with the headers and no body, and OPTIONS preflight', async () => {
    const { path, byteSize } = await storeImage(t.db, { bytes: PNG, kind: 'icon' }, t.config)
    const head = await t.app.inject({ method: 'HEAD', url: path })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(byteSize),
      'access-control-allow-origin': '*',
    })
    expect(head.headers.etag).toMatch(/^"[0-9a-f]{64}"$/)

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: path,
      headers: { origin: 'https://other.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': '*' })
    expect(preflight.headers['access-control-allow-methods']).toContain('GET')
  })

  it.each([
    '/img/AAAAAAAAAAAAAAAA',
    '/img/short',
    '/img/AAAAAAAAAAAAAAAAA',
    '/img/AAAAAAAA%2FAAAAAAA',
    '/img/AAAAAAAAAAAAAAAA/x',
    '/img?x=1',
    '/img/AAAAAAAAAAAAAAAA%00',
    '/img/',
    '/img',
    '/img/AAAAAAAAAAAAAAAA.png',
  ])('answers 404 for %s, never the app, even with the app built', async (path) => {
    await storeImage(t.db, { bytes: PNG, kind: 'cover' }, t.config)
    await t.rebuild({ staticDir: dist })
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await t.app.inject({ method, url: path })
      expect(answer.statusCode).toBe(404)
      expect(answer.headers['cache-control']).toBe('no-store')
      expect(answer.headers['content-type']).toMatch(/^text\/plain/)
      expect(answer.headers['access-control-allow-origin']).toBe('*')
      if (method === 'GET') expect(answer.body).toBe('Image not found')
    }
    // The SPA fallback itself still works next to it.
    expect((await t.app.inject('/imgs')).body).toContain('<title>Marquee</title>')
  })

  it('refuses bytes that are not an image with a clear error and stores nothing', async () => {
    const text = new TextEncoder().encode('<html>definitely not a picture</html>')
    for (const bytes of [text, new Uint8Array(0), PNG.subarray(1)]) {
      const error = await storeImage(t.db, { bytes, kind: 'upload' }, t.config).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AppError)
      expect(error).toMatchObject({ code: 4000, message: expect.stringMatching(/^image: not a JPEG, PNG, GIF/) })
    }
    expect(await t.db.select().from(images)).toEqual([])
  })

  it("ping/config's IMAGE domain is PUBLIC_URL + /img; the old root default moves there", async () => {
    await t.db.insert(appConfig).values({
      key: 'app',
      value: {
        domain: [
          { type: 'IMAGE', urls: ['/'] },
          { type: 'API', urls: ['/'] },
        ],
      },
      updatedAt: new Date(START_MS),
    })
    await seedDemoData(t.db, new Date(START_MS))
    await t.rebuild({ publicUrl: 'https://marquee.example' })
    const config = v.parse(AppConfigSchema, (await t.client.call('ping/config')).body.data)
    expect(config.domain).toEqual([
      { type: 'IMAGE', urls: ['https://marquee.example/img'] },
      { type: 'API', urls: ['https://marquee.example'] },
    ])
  })

  it('a fresh seed points IMAGE at /img and leaves a configured image origin alone', async () => {
    await seedDemoData(t.db, new Date(START_MS))
    await t.rebuild({ publicUrl: 'https://marquee.example' })
    const fresh = v.parse(AppConfigSchema, (await t.client.call('ping/config')).body.data)
    expect(fresh.domain.find((d) => d.type === 'IMAGE')?.urls).toEqual(['https://marquee.example/img'])

    await t.db
      .update(appConfig)
      .set({ value: { domain: [{ type: 'IMAGE', urls: ['https://img.example'] }] } })
      .where(eq(appConfig.key, 'app'))
    await seedDemoData(t.db, new Date(START_MS))
    const [row] = await t.db.select().from(appConfig).where(eq(appConfig.key, 'app'))
    expect((row!.value as { domain: unknown }).domain).toEqual([{ type: 'IMAGE', urls: ['https://img.example'] }])
  })
})
