import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium, openPage, PHONE } from '../support/browser.ts'

const baseUrl = inject('baseUrl')
let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  await context?.close()
})

describe('search', () => {
  it('finds a seeded Chinese title by a substring, shows its cover, and remembers the keyword', async () => {
    context = await browser.newContext(PHONE)
    const { page, errors } = await openPage(context)
    await page.goto(`${baseUrl}/subpage/search`)
    await page.getByRole('searchbox').fill('海边')
    await page.getByRole('search').getByRole('button', { name: '搜索', exact: true }).click()

    await page.waitForURL(`${baseUrl}/subpage/result?keyword=${encodeURIComponent('海边')}`)
    const results = page.getByRole('list', { name: '“海边”的搜索结果' })
    const card = results.getByRole('link').filter({ has: page.getByRole('heading', { name: '夏日海边的旅行' }) })
    await card.scrollIntoViewIfNeeded()
    const cover = card.locator('img')
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0)

    await page.goBack()
    await page.waitForURL(`${baseUrl}/subpage/search`)
    const history = page.getByRole('list', { name: '搜索历史' })
    await history.waitFor()
    expect(await history.getByRole('link').allTextContents()).toContain('海边')
    expect(errors).toEqual([])
  })
})
