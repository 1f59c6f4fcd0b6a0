import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { journeyBrowser } from '../support/browser.ts'
import { buildApp, ROOT, startServer, type RunningServer } from '../support/server-process.ts'
import { controlled } from '../support/service-worker.ts'

const baseUrl = inject('baseUrl')
const BUILD_2_ID = 'e2e-build-2'
/** Longer than the 3 s a tapped update once waited before reloading anyway. */
const SLOW_COVER_MS = 5000
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|module script|Loading chunk|preload CSS/i

const { open } = journeyBrowser()

describe('install criteria', () => {
  it('has a complete manifest, icons of the stated sizes, no installability errors, and a worker after reload', async () => {
    const { page, errors, context } = await open()
    await page.goto(`${baseUrl}/`)
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const manifestUrl = new URL(href!, baseUrl).href
    const manifest = JSON.parse(await (await page.request.get(manifestUrl)).text()) as {
      name: string
      short_name: string
      id: string
      start_url: string
      scope: string
      display: string
      theme_color: string
      background_color: string
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>
    }
    expect(manifest).toMatchObject({ id: '/', start_url: '/', scope: '/', display: 'standalone' })
    for (const field of ['name', 'short_name', 'theme_color', 'background_color'] as const) {
      expect(manifest[field]).toMatch(/\S/)
    }
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)
    expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))

    // Each icon (and the apple-touch-icon) decodes as an image of the size it claims.
    const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    const icons = [
      ...manifest.icons.map((icon) => ({ src: icon.src, sizes: icon.sizes })),
      { src: appleHref!, sizes: '180x180' },
    ]
    for (const icon of icons) {
      const size = await page.evaluate(async (src) => {
        const image = new Image()
        image.src = src
        await image.decode()
        return `${image.naturalWidth}x${image.naturalHeight}`
      }, new URL(icon.src, manifestUrl).href)
      expect(size, icon.src).toBe(icon.sizes)
    }

    await controlled(page)
    await page.reload()
    await page.getByRole('navigation', { name: '主导航' }).waitFor()
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseUrl}/sw.js`)

    // Chromium's own verdict: the manifest parses and nothing blocks installation.
    const cdp = await context.newCDPSession(page)
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string }
    expect(parsed.url).toBe(manifestUrl)
    expect(parsed.errors).toEqual([])
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>
    }
    // Playwright's contexts are incognito profiles, where Chromium never installs; that is the harness, not the app.
    expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([])
    expect(errors).toEqual([])
  })

  it('prompts from the entry in Mine with the event captured at start, then says the app was added', async () => {
    const { page, errors, context } = await open()
    // Chromium decides itself when to fire beforeinstallprompt; fire one early, as it would.
    await context.addInitScript(() => {
      addEventListener('DOMContentLoaded', () => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {
            ;(window as unknown as { prompted: number }).prompted = 1
          },
          userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
        })
        dispatchEvent(event)
      })
    })
    await page.goto(`${baseUrl}/mine/`)
    await page.getByRole('button', { name: '安装到主屏幕' }).click()
    await page.getByText('已添加到主屏幕').waitFor()
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1)
    expect(await page.getByRole('button', { name: '安装到主屏幕' }).count()).toBe(0)
    expect(errors).toEqual([])
  })
})

describe('offline banner', () => {
  it('appears when the connection drops and goes when it is back', async () => {
    const { page, context } = await open()
    await page.goto(`${baseUrl}/mine/`)
    await page.getByTestId('user-id').waitFor()
    const banner = page.getByText('当前处于离线状态，显示的是缓存内容')
    expect(await banner.count()).toBe(0)
    await context.setOffline(true)
    await banner.waitFor()
    expect(await banner.getAttribute('role')).toBe('status')
    await context.setOffline(false)
    await banner.waitFor({ state: 'detached' })
  })
})

describe('settings', () => {
  it('shows the storage used and clears the image caches, keeping the app shell', async () => {
    const { page, errors } = await open()
    await page.goto(`${baseUrl}/mine/setting/`)
    await controlled(page)
    await page.evaluate(async () => {
      const cache = await caches.open('marquee-images-seen-v1')
      await cache.put('https://img.example/cover.jpg', new Response(new Uint8Array(50_000)))
    })
    await expect.poll(() => page.getByTestId('storage-usage').textContent()).toMatch(/^已使用 .+，可用 .+$/)
    await page.getByRole('button', { name: '清除图片缓存' }).click()
    await page.getByRole('dialog', { name: '清除图片缓存？' }).getByRole('button', { name: '清除' }).click()
    await page.getByText('图片缓存已清除').waitFor()
    const names = await page.evaluate(() => caches.keys())
    expect(names.filter((name) => name.startsWith('marquee-images-'))).toEqual([])
    expect(names.some((name) => name.startsWith('marquee-precache-'))).toBe(true)
    expect(errors).toEqual([])
  })
})

/**
 * A deploy on the same origin and database: the server's STATIC_DIR is a symlink that is
 * swapped atomically from build 1 to build 2 (the static plugin reads files per request),
 * which is what a rollout looks like to the page, without a server restart per deploy.
 * Build 1 is a copy of the one the global setup made; build 2 differs by VITE_BUILD_ID,
 * which the settings page shows, so the entry and that page's chunk differ.
 */
describe('a new version', () => {
  let work: string
  let build1: string
  let build2: string
  let current: string
  let server: RunningServer
  let origin: string

  const deploy = (build: string) => {
    const next = `${current}.next`
    symlinkSync(build, next)
    renameSync(next, current)
  }
  const entryOf = (dir: string) =>
    /<script type="module"[^>]* src="([^"]+)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))![1]

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'marquee-e2e-pwa-'))
    build1 = join(work, 'build-1')
    build2 = join(work, 'build-2')
    current = join(work, 'current')
    cpSync(join(ROOT, 'dist'), build1, { recursive: true })
    symlinkSync(build1, current)
    ;[server] = await Promise.all([
      startServer({ STATIC_DIR: current }),
      buildApp({ VITE_BUILD_ID: BUILD_2_ID }, build2),
    ])
    origin = server.baseUrl
    expect(entryOf(build2)).not.toBe(entryOf(build1))
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(work, { recursive: true, force: true })
  })
  afterEach(() => deploy(build1))

  it('prompts, and on the tap the new worker controls the page without chunk errors', async () => {
    const { page, errors, context } = await open()
    await page.goto(`${origin}/`)
    await controlled(page)
    await page.getByRole('navigation', { name: '主导航' }).waitFor()
    expect(await page.getByRole('dialog', { name: '发现新版本' }).count()).toBe(0)

    deploy(build2)
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      await registration!.update()
    })
    const prompt = page.getByRole('dialog', { name: '发现新版本' })
    await prompt.waitFor()

    // A slow phone: the old worker is still fetching a cover at the tap. The browser hands over to
    // the new worker only once the old one has answered it; a reload before that (a fixed 3 s
    // timer did one) was answered by the old worker with the old index.html.
    const slowCover = `${origin}/img/slow-cover`
    let coverInFlight!: (fromWorker: boolean) => void
    const coverFetched = new Promise<boolean>((resolve) => (coverInFlight = resolve))
    await context.route(slowCover, async (route) => {
      coverInFlight(route.request().serviceWorker() !== null)
      await new Promise((resolve) => setTimeout(resolve, SLOW_COVER_MS))
      await route.continue().catch(() => {})
    })
    await page.evaluate((src) => void document.body.append(Object.assign(new Image(), { src })), slowCover)
    expect(await coverFetched).toBe(true)

    const reloaded = page.waitForEvent('load')
    await prompt.getByRole('button', { name: '立即更新' }).click()
    await reloaded

    expect(await page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'))).toBe(
      entryOf(build2),
    )
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return {
        controlled: navigator.serviceWorker.controller !== null,
        active: registration?.active?.state,
        waiting: registration?.waiting ?? null,
      }
    })
    expect(state).toEqual({ controlled: true, active: 'activated', waiting: null })
    // A lazy page of the new build loads under the new worker.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click()
    await page.getByRole('link', { name: /设置/ }).click()
    await page.getByText(`(${BUILD_2_ID})`).waitFor()
    expect(errors.filter((error) => CHUNK_ERROR.test(error))).toEqual([])
  })

  it('reloads once when a lazy page of the old build is gone after a deploy, then shows the new one', async () => {
    // Without a worker the old build's chunks come from the server, which no longer has them.
    const { page } = await open({ serviceWorkers: 'block' })
    let loads = 0
    page.on('load', () => loads++)
    await page.goto(`${origin}/mine/`)
    await page.getByTestId('user-id').waitFor()
    deploy(build2)
    await page.getByRole('link', { name: /设置/ }).click()
    await page.getByText(`(${BUILD_2_ID})`).waitFor()
    expect(page.url()).toBe(`${origin}/mine/setting/`)
    expect(loads).toBe(2)
    expect(await page.getByRole('heading', { name: '出错了' }).count()).toBe(0)
  })
})
