import type { Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { scrollPage } from './scroll.ts'

/** Home's cards and the play page, as the journeys use them. */

const baseUrl = inject('baseUrl')

export type CardKind = 'free' | 'vip' | 'price'

/** The play-page links of home's cards of one kind (by their badges), in page order, without repeats. */
export async function homeCards(page: Page, kind: CardKind, origin = baseUrl): Promise<string[]> {
  await openHome(page, origin)
  const hrefs = await page.evaluate((wanted) => {
    return Array.from(document.querySelectorAll<HTMLAnchorElement>('a.video-card[href^="/play/longVideo"]'))
      .filter((card) => {
        const vip = card.querySelector('.video-card__badge--vip') !== null
        const price = card.querySelector('.video-card__badge--price') !== null
        return wanted === 'vip' ? vip : wanted === 'price' ? price && !vip : !vip && !price
      })
      .map((card) => card.getAttribute('href')!)
  }, kind)
  return [...new Set(hrefs)]
}

/**
 * Opens home and scrolls to its end until every section and 推荐's first page are there: home
 * mounts its sections as the user scrolls near them.
 */
export async function openHome(page: Page, origin = baseUrl) {
  await page.goto(`${origin}/`)
  await page.waitForSelector('a.video-card[href^="/play/longVideo"]')
  const recommend = page.getByRole('list', { name: '推荐', exact: true }).locator('a.video-card')
  await expect
    .poll(async () => {
      await scrollPage(page, Number.MAX_SAFE_INTEGER)
      return recommend.count()
    })
    .toBeGreaterThan(0)
  await scrollPage(page, 0)
}

/** Taps the card linking `href` on home, as a user does. */
export async function tapFromHome(page: Page, href: string, origin = baseUrl) {
  if (new URL(page.url()).pathname !== '/') await openHome(page, origin)
  await page.locator(`a.video-card[href="${href}"]`).first().click()
  await page.waitForURL(`${origin}${href}`)
  await page.waitForSelector('.video-info__title, .error-state')
}

/** What the play page settled to: a player, or the overlay instead of one (lock, offline, no lines). */
export async function stage(page: Page): Promise<{ video: boolean; overlay: string }> {
  await page.waitForSelector('.player video, .player__overlay')
  return page.evaluate(() => ({
    video: document.querySelector('.player video') !== null,
    overlay: document.querySelector('.player__overlay')?.textContent ?? '',
  }))
}

/** Resolves once the page's video has played past `seconds` (native controls or autoplay after the tap). */
export async function playsPast(page: Page, seconds: number) {
  // The tap that opened the page lets it play with sound; start it in case autoplay was refused.
  await page.evaluate(() =>
    document
      .querySelector('video')
      ?.play()
      .catch(() => undefined),
  )
  await page.waitForFunction((s) => (document.querySelector('video')?.currentTime ?? 0) > s, seconds, {
    timeout: 30_000,
  })
}
