import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page, Route } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CALL_PATH_PREFIX } from '../../core/contracts/call.ts'
import { uploadVideo } from '../../core/contracts/calls.ts'
import { chunkCount, UPLOAD_CHUNK_SIZE } from '../../core/contracts/upload.ts'
import { makeTestClip } from '../../server/media-pipeline/test-clip.ts'
import { admin } from '../support/admin.ts'
import { journeyBrowser } from '../support/browser.ts'
import { playsPast } from '../support/catalogue.ts'

const baseUrl = inject('baseUrl')
const { open } = journeyBrowser()

let work: string
let photos: string[]
let clip: string
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'marquee-community-e2e-'))
  photos = await Promise.all(
    ['#e8590c', '#1c7ed6'].map(async (colour, i) => {
      const path = join(work, `photo-${i + 1}.png`)
      await writeFile(
        path,
        await sharp({ create: { width: 480, height: 360, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      )
      return path
    }),
  )
  // About 6 MB: several chunks, so a reload can come in the middle of the upload.
  clip = await makeTestClip(work, { seconds: 3, width: 320, height: 240, rate: 15, kbps: 16_000 })
})
afterAll(() => rm(work, { recursive: true, force: true }))

/** The feed's card whose text contains `text`, once the list shows it. */
async function cardWith(page: Page, text: string) {
  const card = page.getByRole('article').filter({ hasText: text }).first()
  await card.waitFor()
  return card
}

describe('the community', () => {
  it('a guest publishes a post with two photos and a video, reloads in the middle of the upload and it goes on by itself, sees it 审核中, and once an operator approves it everyone finds it with its video playing', async () => {
    const { page, errors } = await open()
    const text = `周末去海边拍的照片和一段视频 ${Date.now()}`
    const totalChunks = chunkCount((await stat(clip)).size, UPLOAD_CHUNK_SIZE)
    // The video's first two chunk POSTs go through; the next ones wait for the reload, which cancels them.
    let reloaded = false
    let passed = 0
    let postedAfterReload = 0
    const held: Route[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && passed > 0) reloaded = true
    })
    const videoChunks = (url: URL) => url.pathname === CALL_PATH_PREFIX + uploadVideo.name
    await page.route(videoChunks, async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      if (reloaded) postedAfterReload++
      else if (passed < 2) passed++
      else return void held.push(route)
      return route.continue()
    })
    await page.goto(`${baseUrl}/community/publish`)
    await page.getByRole('textbox', { name: '内容' }).fill(text)
    await page.getByLabel('添加图片').setInputFiles(photos)
    await page.getByLabel('添加视频').setInputFiles(clip)
    const videoProgress = page.getByRole('progressbar', { name: '视频上传进度' })
    await expect
      .poll(async () => Number(await videoProgress.getAttribute('aria-valuenow')), { timeout: 60_000 })
      .toBeGreaterThan(0)

    await page.reload()
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)))
    await page.getByText('已恢复上次未发布的草稿').waitFor()
    // No file is asked for again: the kept one goes on from the chunks the server holds.
    await expect.poll(() => page.getByText('已上传').count(), { timeout: 60_000 }).toBe(3)
    expect(await page.getByText(/请重新选择/).count()).toBe(0)
    expect(postedAfterReload).toBeGreaterThan(0)
    expect(postedAfterReload).toBeLessThan(totalChunks)
    await page.unroute(videoChunks)
    await page.getByRole('button', { name: '发布', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/mine/myPost')
    const mine = page.getByRole('listitem').filter({ hasText: text })
    await mine.waitFor()
    expect(await mine.textContent()).toContain('审核中')

    // Each queued post is a `#<id> …` line followed by its text.
    const queue = (await admin('moderation:queue')).split('\n')
    const excerpt = queue.findIndex((entry) => entry.includes(text.slice(0, 10)))
    const postId = /#(\d+)/.exec(queue[excerpt - 1] ?? '')?.[1]
    expect(postId).toBeDefined()
    await admin('moderation:approve', postId!)

    await page.reload()
    await page.getByRole('listitem').filter({ hasText: text }).getByText('已发布').waitFor()

    // Another user finds it on the feed; the video plays once the job has transcoded it.
    const reader = await open({ nativeHls: false })
    await reader.page.goto(`${baseUrl}/community`)
    const card = await cardWith(reader.page, text)
    expect(await card.getByRole('button', { name: /查看图片/ }).count()).toBe(2)
    await card.getByText(text).click()
    await reader.page.waitForURL((url) => url.pathname === '/community/postDetail')
    await expect
      .poll(
        async () => {
          if ((await reader.page.locator('.player video').count()) > 0) return true
          await reader.page.reload()
          await reader.page.getByText(text).waitFor()
          return false
        },
        { timeout: 90_000, interval: 3000 },
      )
      .toBe(true)
    await playsPast(reader.page, 1)
    expect(errors).toEqual([])
    expect(reader.errors).toEqual([])
  }, 240_000)

  it('a reader comments and replies on a seeded post, follows its author and finds them on myFollow', async () => {
    const { page, errors } = await open()
    await page.goto(`${baseUrl}/community`)
    const commented = page.getByRole('link', { name: /^[1-9]\d*条评论$/ })
    const card = page.getByRole('article').filter({ has: commented }).first()
    await card.waitFor()
    const author = (await card.locator('.author-link__name').textContent())!
    await card.getByRole('link', { name: /条评论$/ }).click()
    await page.waitForURL((url) => url.pathname === '/community/postDetail')

    const comment = `拍得真好 ${Date.now()}`
    await page.getByRole('textbox', { name: '写评论' }).fill(comment)
    await page.getByRole('button', { name: '发送' }).click()
    await page.getByText(comment).waitFor()

    const reply = `同意楼上 ${Date.now()}`
    await page
      .getByRole('button', { name: /^回复 / })
      .first()
      .click()
    await page.getByRole('textbox', { name: /^回复 / }).fill(reply)
    await page.getByRole('button', { name: '发送' }).click()
    await page.getByText(reply).waitFor()

    await page.getByRole('button', { name: '关注', exact: true }).first().click()
    await page.getByRole('button', { name: '已关注' }).first().waitFor()
    await page.goto(`${baseUrl}/mine/myFollow`)
    await page.getByText(author).first().waitFor()
    expect(errors).toEqual([])
  }, 120_000)

  it('a guest tops up from a priced post and unlocks it: its pictures show', async () => {
    const { page, errors } = await open()
    await page.goto(`${baseUrl}/community`)
    // The seeded 3.00 post of 影评 is two weeks old: on that tab's first page.
    await page.getByRole('tab', { name: '影评' }).click()
    const locked = page.getByRole('article').filter({ hasText: '解锁后可查看' }).first()
    await locked.waitFor()
    await locked.getByText('解锁后可查看').click()
    await page.waitForURL((url) => url.pathname === '/community/postDetail')
    const here = new URL(page.url())
    await page.getByRole('button', { name: /钻石解锁/ }).click()
    const sheet = page.getByRole('dialog', { name: '解锁帖子' })
    expect(await sheet.getByRole('alert').textContent()).toContain('余额不足')
    await sheet.getByRole('link', { name: '去充值' }).click()

    await page.getByRole('radio', { name: /^300钻石/ }).check()
    await page.getByRole('button', { name: '立即支付' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'))
    await page.getByRole('button', { name: '确认支付' }).click()
    await page.getByRole('heading', { name: '支付成功' }).waitFor({ timeout: 30_000 })
    await page.getByRole('link', { name: '返回帖子' }).click()
    expect(page.url()).toBe(here.href)

    await page.getByRole('button', { name: /钻石解锁/ }).click()
    await sheet.getByRole('button', { name: '确认解锁' }).click()
    await sheet.waitFor({ state: 'detached' })
    await page
      .getByRole('button', { name: /查看图片/ })
      .first()
      .waitFor()
    expect(await admin('wallet:audit')).toMatch(/^all \d+ rules hold/)
    expect(errors).toEqual([])
  }, 120_000)
})
