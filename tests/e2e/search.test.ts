import { describe, expect, inject, it } from 'vitest'
import { journeyBrowser } from '../support/browser.ts'

const baseUrl = inject('baseUrl')
const { open } = journeyBrowser()

describe('search', () => {
  it('finds a seeded Chinese title by a substring, shows its cover, and remembers the keyword', async () => {
    const { page, errors } = await open()
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
