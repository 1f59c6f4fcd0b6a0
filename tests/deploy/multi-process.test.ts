/**
 * docs/deploy.md for real: one PostgreSQL, one Redis, two app processes started at once on them
 * (server/main.ts, as systemd starts them) and nginx in front with deploy/nginx.conf. What one
 * process learns (a nonce, a rate count, a logout, a purchase) holds on the other; nginx spreads
 * the requests over both and keeps the app's caching headers.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { isEnvelope, open } from '../../core/protocol/envelope.ts'
import { computeSignature, formatApiKey, formatXUserAgent, newNonce } from '../../core/protocol/sign.ts'
import { IMAGE_PATH } from '../../server/modules/images/kinds.ts'
import { createNodeCrypto } from '../../server/protocol/node-crypto.ts'
import type {} from '../support/postgres-global-setup.ts'
import type {} from '../support/redis-global-setup.ts'
import { freePort, ROOT, startServer, type RunningServer } from '../support/server-process.ts'

/** Where Debian's `nginx` package installs it. */
const NGINX = '/usr/sbin/nginx'
const nginxMissing = existsSync(NGINX) ? '' : `${NGINX} not found: install the Debian package nginx`
const missing = inject('redisMissing') || nginxMissing

const SECRET = 'deploy-test-secret'
/** Calls per minute one client address may make; low, so the limit test reaches it quickly. */
const RATE_LIMIT_PER_IP = 40
const crypto = createNodeCrypto()
const xUserAgent = formatXUserAgent({ devType: 'PC', sysType: 'h5_pc', browser: 'deploy-test', browserVersion: '1' })

interface Answer<T = unknown> {
  status: number
  code: number
  data: T
  headers: Headers
}

interface CallOptions {
  body?: unknown
  token?: string
  /** The caller's address, as nginx would forward it (the processes trust 127.0.0.1). */
  client?: string
  /** Exactly these headers instead of freshly signed ones (a replay). */
  headers?: Record<string, string>
  acceptEncoding?: string
}

function signedHeaders(path: string, token = ''): Record<string, string> {
  const t = Math.floor(Date.now() / 1000)
  const nonce = newNonce(crypto)
  const s = computeSignature(crypto, SECRET, { token, path, xUserAgent, t, nonce })
  return { Authorization: token, 'X-User-Agent': xUserAgent, 'x-api-key': formatApiKey({ t, n: nonce, s }) }
}

/** One signed call over HTTP, its answer opened; `sent` holds the headers for a replay. */
async function call<T = unknown>(
  baseUrl: string,
  name: string,
  options: CallOptions = {},
): Promise<Answer<T> & { sent: Record<string, string> }> {
  const path = `/api/app/${name}`
  const sent = options.headers ?? signedHeaders(path, options.token)
  const headers: Record<string, string> = { ...sent }
  if (options.client) headers['X-Forwarded-For'] = options.client
  if (options.acceptEncoding) headers['Accept-Encoding'] = options.acceptEncoding
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: options.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const json = (await response.json()) as unknown
  const answer = (isEnvelope(json) ? open(crypto, SECRET, json) : json) as { code: number; data: T }
  return { status: response.status, code: answer.code, data: answer.data, headers: response.headers, sent }
}

/** The answer's data; anything but code 200 fails the test with the answer. */
async function ok<T>(baseUrl: string, name: string, options: CallOptions = {}): Promise<T> {
  const answer = await call<T>(baseUrl, name, options)
  if (answer.code !== 200) throw new Error(`${name}: HTTP ${answer.status}, ${JSON.stringify(answer.data ?? answer)}`)
  return answer.data
}

/** A client address of its own for each test, so the per-address limits of one do not reach another. */
let nextClient = 1
const newClient = () => `198.51.100.${nextClient++}`

interface RunningNginx {
  baseUrl: string
  accessLog: () => string
  stop: () => Promise<void>
}

/**
 * deploy/nginx.conf rendered as docs/deploy.md renders it, inside a main configuration that
 * stands in for Debian's /etc/nginx/nginx.conf, everything in `dir`. As root nginx's workers
 * need a user that can write there; root itself will do for a test.
 */
async function startNginx(dir: string, port: number, appPorts: number[]): Promise<RunningNginx> {
  const values: Record<string, string> = {
    LISTEN: `127.0.0.1:${port}`,
    SERVER_NAME: 'localhost',
    APP_SERVERS: appPorts.map((appPort) => `server 127.0.0.1:${appPort} max_fails=3 fail_timeout=10s;`).join(' '),
    CACHE_DIR: join(dir, 'cache'),
    LOG_DIR: dir,
  }
  const template = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8')
  // envsubst with the names listed: only these, never nginx's own $variables.
  const site = template.replace(/\$\{([A-Z_]+)\}/g, (text, name: string) => values[name] ?? text)
  expect(site).not.toMatch(/\$\{[A-Z_]+\}/)
  writeFileSync(join(dir, 'marquee.conf'), site)
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`
  writeFileSync(
    join(dir, 'main.conf'),
    `${userInfo().uid === 0 ? 'user root;' : ''}
worker_processes 1;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${join(dir, 'marquee.conf')};
}
`,
  )
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'main.conf'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')}; error_log stderr;`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const baseUrl = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`)
    const up = await fetch(`${baseUrl}/healthz`).then(
      () => true,
      () => false,
    )
    if (up) break
    if (attempt > 500) throw new Error(`nginx did not answer on ${baseUrl}:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    baseUrl,
    accessLog: () => readFileSync(join(dir, 'marquee-access.log'), 'utf8'),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}

/** A built app stands in: the calls need none, the pages and assets only a few files. */
function writeStaticApp(dir: string): string {
  const staticDir = join(dir, 'dist')
  mkdirSync(join(staticDir, 'assets'), { recursive: true })
  const filler = 'Marquee 演示站点。'.repeat(200)
  writeFileSync(join(staticDir, 'index.html'), `<!doctype html><html><body><p>${filler}</p></body></html>`)
  writeFileSync(join(staticDir, 'assets', 'index-Dx4a9Q2c.js'), `console.log(${JSON.stringify(filler)})\n`)
  return staticDir
}

describe.skipIf(missing)(
  missing ? `two processes behind nginx (skipped: ${missing})` : 'two processes behind nginx',
  () => {
    let dir = ''
    let admin: pg.Client | null = null
    let database = ''
    let processes: RunningServer[] = []
    let nginx: RunningNginx | null = null
    let a = ''
    let b = ''

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'marquee-deploy-'))
      const adminUrl = inject('postgresUrl')
      admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      database = `deploy_${randomBytes(6).toString('hex')}`
      await admin.query(`CREATE DATABASE ${database}`)
      const databaseUrl = new URL(adminUrl)
      databaseUrl.pathname = `/${database}`
      // As docs/deploy.md has it: the same environment and DATA_DIR for both, only the port differs.
      const dataDir = join(dir, 'data')
      const nginxPort = await freePort()
      const env = {
        // Playlists name their segments and key by the public origin: nginx.
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        DATABASE_URL: databaseUrl.href,
        REDIS_URL: inject('redisUrl'),
        API_SECRET: SECRET,
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_PER_IP: String(RATE_LIMIT_PER_IP),
        DATA_DIR: dataDir,
        STATIC_DIR: writeStaticApp(dir),
      }
      // Started at once on an empty database: one migrates and seeds, the other waits for it.
      processes = await Promise.all([startServer(env), startServer(env)])
      ;[a, b] = processes.map((process) => process.baseUrl) as [string, string]
      const appPorts = processes.map((process) => Number(new URL(process.baseUrl).port))
      nginx = await startNginx(dir, nginxPort, appPorts)
    }, 240_000)

    afterAll(async () => {
      await nginx?.stop()
      await Promise.all(processes.map((process) => process.stop()))
      await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      await admin?.end()
      if (dir) rmSync(dir, { recursive: true, force: true })
    })

    it('refuses on one process a nonce the other has seen (4005)', async () => {
      const client = newClient()
      const first = await call(a, 'ping/check', { client })
      expect(first.code).toBe(200)
      const replay = await call(b, 'ping/check', { client, headers: first.sent })
      expect({ status: replay.status, code: replay.code }).toEqual({ status: 403, code: 4005 })
      // A fresh signature passes on either.
      expect((await call(b, 'ping/check', { client })).code).toBe(200)
    })

    it('counts one address across both processes for the rate limit', async () => {
      const client = newClient()
      const codes: number[] = []
      for (let i = 0; i < RATE_LIMIT_PER_IP; i++) codes.push((await call(i % 2 ? b : a, 'ping/check', { client })).code)
      expect(codes.every((code) => code === 200)).toBe(true)
      for (const process of [a, b]) {
        const refused = await call(process, 'ping/check', { client })
        expect({ status: refused.status, code: refused.code }).toEqual({ status: 429, code: 4290 })
      }
      // Another address is not held back.
      expect((await call(b, 'ping/check', { client: newClient() })).code).toBe(200)
    })

    it('refuses on the other process, at its next request, a session logged out on one', async () => {
      const client = newClient()
      const { token } = await ok<{ token: string }>(a, 'login/guest', { client, body: { devID: 'deploy-logout' } })
      // B has just seen the session: a cache of it in B alone would still let it through.
      expect((await call(b, 'user/info', { client, token, body: {} })).code).toBe(200)
      expect((await call(a, 'user/logout', { client, token, body: {} })).code).toBe(200)
      expect((await call(b, 'user/info', { client, token, body: {} })).code).toBe(1000)
    })

    it('charges once for a purchase raced across both processes', async () => {
      const client = newClient()
      const login = await ok<{ token: string; balance: number }>(a, 'login/account/login', {
        client,
        body: { account: 'demo', password: 'marquee-demo', devID: 'deploy-race' },
      })
      const { token } = login
      const bought = await ok<{ items: { id: number }[] }>(a, 'media/bought', { client, token, body: {} })
      const affordable = (item: { id: number; price: number }) =>
        item.price > 0 && item.price <= login.balance && !bought.items.some((owned) => owned.id === item.id)
      let video: { id: number; price: number } | undefined
      for (let cursor: string | null = null, pages = 0; !video && pages < 20; pages++) {
        const page: { items: { id: number; price: number }[]; nextCursor: string | null } = await ok(
          b,
          'media/published',
          { client, token, body: cursor ? { cursor } : {} },
        )
        video = page.items.find(affordable)
        cursor = page.nextCursor
        if (!cursor) break
      }
      if (!video) throw new Error('the demo catalogue has no priced video the demo account can afford')
      const price = video.price
      const id = video.id

      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          ok<{ alreadyOwned: boolean; balance: number }>(i % 2 ? b : a, 'media/pay', {
            client,
            token,
            body: { id },
          }),
        ),
      )
      expect(answers.filter((answer) => !answer.alreadyOwned)).toHaveLength(1)
      const charged = login.balance - price
      expect(answers.every((answer) => answer.balance === charged)).toBe(true)
      const ledger = await ok<{ items: { amount: number; ref: { type: string; id: number } | null }[] }>(
        b,
        'wallet/ledger',
        { client, token, body: {} },
      )
      const entries = ledger.items.filter((entry) => entry.ref?.type === 'video' && entry.ref.id === id)
      expect(entries.map((entry) => entry.amount)).toEqual([-price])
      expect((await ok<{ balance: number }>(a, 'user/info', { client, token, body: {} })).balance).toBe(charged)
    })

    it('spreads requests through nginx over both processes, logging no query string', async () => {
      const proxy = nginx!
      for (let i = 0; i < 12; i++) expect((await call(proxy.baseUrl, 'ping/check')).code).toBe(200)
      const upstreams = proxy
        .accessLog()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { path: string; upstream: string })
        .filter((entry) => entry.path === '/api/app/ping/check')
        .map((entry) => entry.upstream)
      const ports = processes.map((process) => `127.0.0.1:${new URL(process.baseUrl).port}`)
      expect(new Set(upstreams)).toEqual(new Set(ports))
    })

    it('serves images, playlists and segments through nginx with the app’s caching headers', async () => {
      const proxy = nginx!.baseUrl
      const { token } = await ok<{ token: string }>(proxy, 'login/guest', { body: { devID: 'deploy-media' } })
      const home = await ok<{ sections: { videos: { id: number; cover: string }[] }[] }>(proxy, 'media/home', {
        token,
        body: {},
      })
      const videos = home.sections.flatMap((section) => section.videos)
      const coverKey = videos.find((video) => video.cover)?.cover
      if (!coverKey) throw new Error('media/home has no cover')
      const cover = `${IMAGE_PATH}/${coverKey}`

      const get = (url: string, headers: Record<string, string> = {}) =>
        fetch(new URL(url, proxy), { headers: { 'Accept-Encoding': 'gzip', ...headers } })
      const image = await get(cover)
      expect(image.status).toBe(200)
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(image.headers.get('content-encoding')).toBeNull()
      expect(image.headers.get('etag')).toBeTruthy()
      await image.arrayBuffer()
      expect((await get(cover)).headers.get('x-cache-status')).toBe('HIT')

      // A free, encrypted demo video: its playlists (the master names variants, a variant its
      // key and segments), a segment and the key.
      const firstUri = (playlist: string) => playlist.split('\n').find((line) => line && !line.startsWith('#'))!
      let stream: { master: URL; variant: URL; variantText: string } | null = null
      for (const video of videos) {
        const play = await ok<{ lock: string; lines: { url: string }[] }>(proxy, 'media/play', {
          token,
          body: { id: video.id },
        })
        if (play.lock !== 'none' || !play.lines[0]) continue
        const master = new URL(play.lines[0].url, proxy)
        const variant = new URL(firstUri(await (await get(master.href)).text()), master)
        const variantText = await (await get(variant.href)).text()
        if (variantText.includes('#EXT-X-KEY')) {
          stream = { master, variant, variantText }
          break
        }
      }
      if (!stream) throw new Error('no free encrypted demo video (are assets/demo-streams there?)')
      const privatePlaylist = await get(stream.master.href)
      expect(privatePlaylist.headers.get('cache-control')).toBe('private, no-store')
      await privatePlaylist.text()
      const publicPlaylist = await get(stream.master.pathname)
      expect(publicPlaylist.headers.get('cache-control')).toBe('public, max-age=60')
      await publicPlaylist.text()

      const segment = new URL(firstUri(stream.variantText), stream.variant)
      expect(segment.origin).toBe(proxy)
      const first = await get(segment.href)
      expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(first.headers.get('content-encoding')).toBeNull()
      const bytes = (await first.arrayBuffer()).byteLength
      const again = await get(segment.href, { Range: 'bytes=0-187' })
      expect(again.status).toBe(206)
      expect(again.headers.get('x-cache-status')).toBe('HIT')
      expect(again.headers.get('content-range')).toBe(`bytes 0-187/${bytes}`)
      await again.arrayBuffer()

      // The key endpoint answers through nginx from the app, every time: never cached.
      const keyUri = /#EXT-X-KEY:.*URI="([^"]+)"/.exec(stream.variantText)?.[1]
      const keyUrl = new URL(keyUri!, stream.variant)
      expect(keyUrl.origin).toBe(proxy)
      for (let i = 0; i < 2; i++) {
        const key = await get(keyUrl.href)
        expect(key.status).toBe(200)
        expect(key.headers.get('cache-control')).toBe('no-store')
        expect(key.headers.get('x-cache-status')).toBeNull()
        expect((await key.arrayBuffer()).byteLength).toBe(16)
      }

      // The play token travelled in the playlist's query; nginx's log keeps no query string.
      const playToken = stream.master.searchParams.get('pt')
      expect(playToken).toBeTruthy()
      expect(nginx!.accessLog()).not.toContain(playToken!)
    })

    it('compresses JSON and pages through nginx; hashed assets immutable; no /metrics or /readyz from outside', async () => {
      const proxy = nginx!.baseUrl
      const config = await call(proxy, 'ping/config', { acceptEncoding: 'gzip' })
      expect(config.code).toBe(200)
      expect(config.headers.get('content-encoding')).toBe('gzip')

      const page = await fetch(`${proxy}/`, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      expect(page.headers.get('content-encoding')).toBe('gzip')
      expect(page.headers.get('cache-control')).toBe('no-cache')
      await page.text()

      const asset = await fetch(`${proxy}/assets/index-Dx4a9Q2c.js`, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(asset.headers.get('content-encoding')).toBe('gzip')
      await asset.text()

      expect((await fetch(`${proxy}/metrics`)).status).toBe(404)
      expect((await fetch(`${proxy}/readyz`)).status).toBe(404)
    })
  },
)
