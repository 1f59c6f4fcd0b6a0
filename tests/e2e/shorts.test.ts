import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { journeyBrowser } from '../support/browser.ts'

const baseUrl = inject('baseUrl')
const { open } = journeyBrowser()

/** The feed's slide `index`: whether it is the active one, locked or failing, and its video's state. */
function slideState(page: Page, index: number) {
  return page.evaluate((i) => {
    const slide = document.querySelector<HTMLElement>(`.shorts__feed [data-index="${i}"]`)
    const video = slide?.querySelector('video') ?? null
    return {
      active: slide?.classList.contains('is-active') ?? false,
      /** Shows an unlock link or an error instead of a player (locked items exist in the demo). */
      blocked: Boolean(slide?.querySelector('.short__lock')),
      video: video ? { time: video.currentTime, paused: video.paused, muted: video.muted } : null,
    }
  }, index)
}

/** What the active slide `index` settles to: its video playing (the clock past `seconds`), or no player. */
async function settle(page: Page, index: number, seconds = 0.3): Promise<'playing' | 'blocked'> {
  let outcome: 'playing' | 'blocked' | null = null
  await expect
    .poll(
      async () => {
        const state = await slideState(page, index)
        if (!state.active) return null
        if (state.video && !state.video.paused && state.video.time > seconds) outcome = 'playing'
        else if (state.blocked) outcome = 'blocked'
        return outcome
      },
      { timeout: 20_000 },
    )
    .not.toBeNull()
  return outcome!
}

/** Resolves once slide `index` is the active one and its video's clock moves on from `from` (they loop). */
async function advances(page: Page, index: number, from: number) {
  await expect
    .poll(
      async () => {
        const state = await slideState(page, index)
        return state.active && state.video !== null && !state.video.paused && state.video.time !== from
      },
      { timeout: 20_000 },
    )
    .toBe(true)
}

/**
 * Swipes down with the keyboard until two slides in a row play (the demo catalogue has locked
 * short videos), checking on the way that exactly one plays at a time. Returns the index of
 * the second.
 */
async function findPlayingPair(page: Page): Promise<number> {
  const feed = page.getByRole('feed', { name: '短视频' })
  let previous = await settle(page, 0)
  for (let index = 1; index < 30; index++) {
    await feed.focus()
    await page.keyboard.press('ArrowDown')
    const outcome = await settle(page, index)
    const before = await slideState(page, index - 1)
    expect(before.active).toBe(false)
    expect(before.video?.paused ?? true).toBe(true)
    if (outcome === 'playing' && previous === 'playing') return index
    previous = outcome
  }
  throw new Error('no two playable short videos in a row')
}

describe('short-video feed', () => {
  it.each(['native HLS', 'hls.js'])(
    'plays a video muted; a keyboard swipe plays the next and pauses it; a swipe back resumes it (%s)',
    async (mode) => {
      const { page, errors } = await open({ nativeHls: mode !== 'hls.js' })
      const keyRequests: (string | undefined)[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/media/key/'))
          keyRequests.push(request.headers()['x-play-token'])
      })
      await page.goto(`${baseUrl}/lld/`)
      const feed = page.getByRole('feed', { name: '短视频' })
      await feed.waitFor()

      const second = await findPlayingPair(page)
      const first = second - 1
      expect((await slideState(page, second)).video!.muted).toBe(true)
      // The slide after the playing one has its stream attached ahead (preloaded) unless it has none.
      const next = await slideState(page, second + 1)
      if (!next.blocked) expect(next.video).not.toBeNull()

      // The first stands still while the second plays on.
      const stopped = (await slideState(page, first)).video!.time
      await advances(page, second, (await slideState(page, second)).video!.time)
      expect((await slideState(page, first)).video!.time).toBe(stopped)

      await feed.focus()
      await page.keyboard.press('ArrowUp')
      await advances(page, first, stopped)
      expect((await slideState(page, second)).video!.paused).toBe(true)

      // hls.js sends the play token of encrypted streams' key requests as a header.
      if (mode === 'hls.js') for (const token of keyRequests) expect(token).toBeTruthy()
      expect(errors).toEqual([])
    },
  )

  it('leaving the tab pauses the feed, and coming back resumes the same video', async () => {
    const { page } = await open()
    await page.goto(`${baseUrl}/lld/`)
    await page.getByRole('feed', { name: '短视频' }).waitFor()
    const index = await findPlayingPair(page)

    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click()
    await page.waitForURL(`${baseUrl}/mine/`)
    await expect.poll(async () => (await slideState(page, index)).video?.paused, { timeout: 10_000 }).toBe(true)

    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '短视频' }).click()
    await page.waitForURL(`${baseUrl}/lld/`)
    const before = (await slideState(page, index)).video!.time
    await advances(page, index, before)
  })

  it('a favourite added on the feed is in 我的收藏 and removed there in edit mode; the video watched is in 观看历史', async () => {
    const { page, errors } = await open()
    await page.goto(`${baseUrl}/lld/`)
    await page.getByRole('feed', { name: '短视频' }).waitFor()
    expect(await settle(page, 0)).toBeTruthy()
    const first = page.locator('.shorts__feed [data-index="0"]')
    const title = (await first.getAttribute('aria-label'))!
    const favourite = first.getByRole('button', { name: '收藏', exact: true })
    await favourite.click()
    await expect.poll(() => favourite.getAttribute('aria-pressed')).toBe('true')

    const index = await findPlayingPair(page)
    const watched = (await page.locator(`.shorts__feed [data-index="${index}"]`).getAttribute('aria-label'))!
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click()

    await page.getByRole('link', { name: '我的收藏' }).click()
    await page.waitForURL(`${baseUrl}/mine/myCollect`)
    // The feed stays in the page, hidden (kept-alive tab): look inside the list's page only.
    const collect = page.locator('main.mine-list')
    await collect.getByText(title, { exact: true }).waitFor()
    await page.getByRole('button', { name: '编辑' }).click()
    await page.getByRole('checkbox', { name: `选择 ${title}` }).check()
    await page.getByRole('button', { name: '删除（1）' }).click()
    await collect.getByText('还没有收藏视频').waitFor()
    expect(await page.getByRole('link', { name: '回到首页' }).getAttribute('href')).toBe('/')

    // The history is written when the video leaves the screen (media/trackList) — leaving the feed did that.
    await page.goBack()
    await page.getByRole('link', { name: '观看历史' }).click()
    await page.waitForURL(`${baseUrl}/mine/myHistory`)
    await page.locator('main.mine-list').getByText(watched, { exact: true }).waitFor()
    expect(errors).toEqual([])
  })
})
