/**
 * API line failover: the server started by the e2e setup runs on 127.0.0.1, so its API lines are
 * http://127.0.0.1:PORT then http://localhost:PORT (server/modules/ping/service.ts). With the first
 * line's calls refused, the app carries on over the second; once the first answers again, the
 * app's probe (every 30 s) brings the calls back to it.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { FIRST_LINE_PROBE_MS } from '../../core/lines/api-lines.ts'
import { journeyBrowser } from '../support/browser.ts'
import { homeCards, tapFromHome } from '../support/catalogue.ts'

const baseUrl = inject('baseUrl')
const FIRST = baseUrl
const SECOND = baseUrl.replace('127.0.0.1', 'localhost')
const CALLS = `${FIRST}/api/app/**`

const { open } = journeyBrowser()

/** Calls that got an answer, as `<line> <call name>`, in order. */
function answeredCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('requestfinished', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/app/')) calls.push(`${url.origin} ${url.pathname.slice('/api/app/'.length)}`)
  })
  return calls
}

describe('API lines', () => {
  it('with the first line down the app browses, opens a video and likes it on the second, then goes back to the first', async () => {
    expect(SECOND).not.toBe(FIRST)
    const { page, context } = await open()
    const answered = answeredCalls(page)
    const [href] = await homeCards(page, 'free')
    expect(answered.length).toBeGreaterThan(0)
    expect(answered.every((call) => call.startsWith(`${FIRST} `))).toBe(true)

    // The first line refuses every call; the page itself still loads from it.
    await context.route(CALLS, (route) => route.abort('connectionrefused'))
    answered.length = 0
    await tapFromHome(page, href!)
    expect(await page.locator('.video-info__title').count()).toBe(1)
    const like = page.locator('.video-info__action').first()
    await like.click()
    await expect.poll(() => answered.includes(`${SECOND} media/like`)).toBe(true)
    expect(await like.getAttribute('aria-pressed')).toBe('true')
    expect(answered.filter((call) => call.startsWith(`${FIRST} `))).toEqual([])

    // A reload starts on the line that worked: its first call goes there at once.
    answered.length = 0
    await page.reload()
    await page.locator('.video-info__title').waitFor()
    expect(answered[0]?.startsWith(`${SECOND} `)).toBe(true)

    // The first line is back: the probe finds it, and the next call goes to it.
    await context.unroute(CALLS)
    await expect
      .poll(() => answered.includes(`${FIRST} ping/check`), { timeout: FIRST_LINE_PROBE_MS + 30_000, interval: 500 })
      .toBe(true)
    answered.length = 0
    await like.click()
    await expect.poll(() => answered.includes(`${FIRST} media/like`)).toBe(true)
    expect(await like.getAttribute('aria-pressed')).toBe('false')
    expect(await page.evaluate(() => localStorage.getItem('marquee:api-lines'))).toContain(`"current":"${FIRST}"`)
  }, 150_000)
})
