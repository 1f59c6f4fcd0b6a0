import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { journeyBrowser } from '../support/browser.ts'
import { homeCards, playsPast, stage, tapFromHome } from '../support/catalogue.ts'
import { ROOT, startServer } from '../support/server-process.ts'

const baseUrl = inject('baseUrl')
const { open } = journeyBrowser()

/** Key requests the page makes, as they happen. */
function watchKeyRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/media/key/')) urls.push(request.url())
  })
  return urls
}

/**
 * Opens home's priced videos until one previews: its hint and unlock button show, it plays,
 * and at its limit 试看结束 with the unlock replaces the player. False when none previews.
 */
async function previewPricedVideo(page: Page): Promise<boolean> {
  for (const href of await homeCards(page, 'price')) {
    await tapFromHome(page, href)
    const { video, overlay } = await stage(page)
    // A priced short video has no preview (no demo portrait stream is priced): the lock straight away.
    if (!video) {
      expect(overlay).toContain('付费视频')
      continue
    }
    const badge = page.locator('.player__badge')
    expect(await badge.textContent()).toMatch(/试看 \d+ 秒/)
    expect(await badge.getByRole('button', { name: '解锁观看' }).count()).toBe(1)
    await playsPast(page, 0.5)
    const ended = page.locator('.player__overlay[data-locked]')
    await ended.waitFor({ timeout: 30_000 })
    expect(await ended.textContent()).toContain('试看结束')
    expect(await page.locator('.player video').count()).toBe(0)
    return true
  }
  return false
}

describe('play page', () => {
  it('a free video tapped on home plays past 2 s', async () => {
    const { page, errors } = await open()
    // Every demo video has a stream: the first free card plays.
    const [href] = await homeCards(page, 'free')
    await tapFromHome(page, href!)
    expect((await stage(page)).video).toBe(true)
    await playsPast(page, 2)
    expect(await page.locator('.player__overlay').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('without native HLS, hls.js plays an encrypted free video; its key requests carry X-Play-Token', async () => {
    const { page, errors } = await open({ nativeHls: false })
    const keys: { status: number; header: boolean }[] = []
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/api/media/key/')) return
      keys.push({ status: response.status(), header: Boolean(response.request().headers()['x-play-token']) })
    })
    const hlsChunks: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/hls-[^/]*\.js$/.test(request.url())) hlsChunks.push(request.url())
    })
    await page.goto(`${baseUrl}/`)
    await page.waitForSelector('a.video-card')
    // hls.js is not part of home.
    expect(hlsChunks).toEqual([])
    let encrypted = false
    for (const href of await homeCards(page, 'free')) {
      await tapFromHome(page, href)
      if (!(await stage(page)).video) continue
      await playsPast(page, 2)
      if (keys.length > 0) {
        encrypted = true
        break
      }
    }
    expect(encrypted).toBe(true)
    // Only hls.js sets request headers (native HLS cannot): the key came through it.
    expect(keys.every((key) => key.status === 200 && key.header)).toBe(true)
    expect(errors).toEqual([])
  })

  it('a priced video without diamonds plays its preview without a key, then 试看结束; the unlock sheet says 余额不足 with the way to recharge', async () => {
    const { page, errors } = await open()
    const keyRequests = watchKeyRequests(page)
    expect(await previewPricedVideo(page)).toBe(true)
    // The preview's segments are plain: the locked viewer never asked for the key.
    expect(keyRequests).toEqual([])
    expect(errors).toEqual([])

    await page.getByRole('button', { name: '解锁观看' }).click()
    const sheet = page.getByRole('dialog', { name: '解锁视频' })
    await sheet.waitFor()
    expect(await sheet.getByTestId('unlock-balance').textContent()).toBe('0钻石')
    expect(await sheet.getByRole('alert').textContent()).toContain('余额不足')
    expect(await sheet.getByRole('button', { name: '确认解锁' }).count()).toBe(0)
    await sheet.getByRole('link', { name: '去充值' }).click()
    // The recharge knows its way back to this video.
    await page.waitForURL(
      (url) =>
        url.pathname === '/mine/diamondRecharge' &&
        /^\/play\/longVideo\?id=\d+$/.test(url.searchParams.get('from') ?? ''),
    )
  })

  it('without native HLS, hls.js plays the preview too, with no key request', async () => {
    const { page, errors } = await open({ nativeHls: false })
    const keyRequests = watchKeyRequests(page)
    expect(await previewPricedVideo(page)).toBe(true)
    expect(keyRequests).toEqual([])
    expect(errors).toEqual([])
  })

  it('after an operator credits diamonds, unlocking a priced video plays it, and Mine lists it as bought', async () => {
    // Its own server: the embedded database serves one process, so the operator's command runs
    // while the server is stopped, on the same data directory. The server comes back on another
    // port (another origin, another browser storage); the same device id (UID) brings back the
    // same guest.
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-play-'))
    const env = { DATA_DIR: dataDir, GUEST_LIMIT_PER_IP: '100000' }
    const device = randomUUID().replaceAll('-', '')
    let server = await startServer(env)
    try {
      const { page, errors } = await open()
      await page.goto(`${server.baseUrl}/mine/?UID=${device}`)
      const userId = /\d+/.exec((await page.getByTestId('user-id').textContent()) ?? '')?.[0]
      expect(userId).toBeDefined()
      // The first visit installs its worker once the page's network is quiet; stopping the
      // server before then would fail that fetch (a console error of its own).
      await page.evaluate(() => navigator.serviceWorker.ready)
      await server.stop()
      const credit = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'server/admin/main.ts', 'wallet:credit', userId!, '100000', '--reason', 'journey'],
        { cwd: ROOT, env: { ...process.env, ...env } },
      )
      expect(credit.stdout).toContain(`user ${userId}: +100000`)
      server = await startServer(env)
      await page.goto(`${server.baseUrl}/mine/?UID=${device}`)
      expect(await page.getByTestId('user-id').textContent()).toContain(userId)

      const [played] = await homeCards(page, 'price', server.baseUrl)
      await tapFromHome(page, played!, server.baseUrl)
      // The lock, or the preview (with the same unlock button over it).
      await stage(page)
      await page.getByRole('button', { name: '解锁观看' }).first().click()
      const sheet = page.getByRole('dialog', { name: '解锁视频' })
      expect(await sheet.getByTestId('unlock-balance').textContent()).toMatch(/^\d+(\.\d+)?钻石$/)
      await sheet.getByRole('button', { name: '确认解锁' }).click()
      await sheet.waitFor({ state: 'detached' })
      // The play info comes again, unlocked: neither the lock nor the preview's badge.
      await page.waitForSelector('.player__overlay[data-locked], .player__badge', { state: 'detached' })
      // Bought: it plays (every demo video has a stream).
      expect((await stage(page)).video).toBe(true)
      await playsPast(page, 2)
      // Bought means bought: the page opened again plays without asking.
      await page.reload()
      expect((await stage(page)).video).toBe(true)
      // And Mine lists it among the bought.
      await page.goto(`${server.baseUrl}/mine/myBought`)
      const path = new URL(played!, server.baseUrl)
      await page.locator(`.mine-list__items a[href="${path.pathname}${path.search}"]`).first().waitFor()
      expect(errors).toEqual([])
    } finally {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 150_000)
})
