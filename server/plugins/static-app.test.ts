import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { rawRequest } from '../testing/raw-request.ts'

// Serving files touches no database; a stand-in that fails loudly if anything queries it.
const noDatabase = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('no database here')
    },
  },
) as Db

let dist: string
let app: FastifyInstance | null = null

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'marquee-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Marquee</title>')
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}')
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)')
  // What the build's precompress step writes beside a file (scripts/vite-precompress.ts).
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync('console.log(1)'))
  writeFileSync(join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>Marquee</title>'))
})

afterAll(() => rmSync(dist, { recursive: true, force: true }))
afterEach(async () => {
  await app?.close()
  app = null
})

async function serve(staticDir: string) {
  app = await buildApp({
    config: { ...parseConfig({}), staticDir, overloadEventLoopDelayMs: 0 },
    db: noDatabase,
    log: { level: 'silent' },
  })
  return app
}

describe('serving the built app', () => {
  it('marks hashed assets immutable and everything else no-cache', async () => {
    const server = await serve(dist)
    const asset = await server.inject('/assets/index-AbC123.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const path of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      const answer = await server.inject(path)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['cache-control']).toBe('no-cache')
    }
  })

  it('sends the precompressed copy a browser accepts, and the file itself otherwise', async () => {
    const server = await serve(dist)
    const br = await server.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    const plain = await server.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('console.log(1)')
    // The SPA fallback sends index.html through the same path.
    const page = await server.inject({ url: '/mine', headers: { 'accept-encoding': 'gzip' } })
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(page.rawPayload).toString()).toContain('<title>Marquee</title>')
  })

  it.each(['/', '/mine', '/topicList?id=1&name=%E7%83%AD', '/play/longVideo?id=3', '/no/such/page'])(
    'answers index.html for the app path %s',
    async (path) => {
      const answer = await (await serve(dist)).inject(path)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toMatch(/^text\/html/)
      expect(answer.headers['cache-control']).toBe('no-cache')
      expect(answer.body).toContain('<title>Marquee</title>')
      // WebAssembly (the credential scan's QR reader) compiles; JavaScript eval stays refused.
      expect(answer.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';")
    },
  )

  it('answers 404 for missing files and never falls back for /api', async () => {
    const server = await serve(dist)
    expect((await server.inject('/assets/missing-123.js')).statusCode).toBe(404)
    expect((await server.inject('/favicon.ico')).statusCode).toBe(404)
    for (const path of ['/api/app/ping/nope', '/api/other', '/api', '/%61pi/app/nope']) {
      const answer = await server.inject(path)
      expect(answer.statusCode).toBe(404)
      expect(answer.headers['content-type']).toMatch(/^application\/json/)
    }
    const post = await server.inject({ method: 'POST', url: '/mine' })
    expect(post.statusCode).toBe(404)
  })

  it.each([
    ['dot segments', '/../../etc/passwd', 404],
    ['a NUL', '/index.html%00', 404],
    ['an 8,000-character file path', `/${'a'.repeat(8000)}.js`, 404],
    ['bad percent-encoding', '/img/%ff%fe', 400],
    ['an 8,000-character call', `/api/app/${'b'.repeat(8000)}`, 404],
  ])('refuses %s with 400 or 404, echoing nothing of the request', async (_, path, status) => {
    const server = await serve(dist)
    const answer = await rawRequest(await server.listen({ host: '127.0.0.1', port: 0 }), path)
    expect(answer.status).toBe(status)
    expect(answer.body).not.toContain('hash')
    expect(answer.body).not.toContain(path.slice(1, 20))
    expect(answer.body).not.toContain(decodeURIComponent(path.replace(/%ff%fe/, '')).slice(1, 20))
  })

  it('starts without a build and explains how to make one', async () => {
    const answer = await (await serve(join(dist, 'missing'))).inject('/mine')
    expect(answer.statusCode).toBe(503)
    expect(answer.body).toContain('npm run build')
  })
})
