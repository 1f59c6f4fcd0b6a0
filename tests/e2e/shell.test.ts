import { createHmac, randomBytes } from 'node:crypto'
import { beforeEach, describe, expect, inject, it } from 'vitest'
import { journeyBrowser, type OpenedPage } from '../support/browser.ts'
import { scrollPage } from '../support/scroll.ts'
import { controlled } from '../support/service-worker.ts'

const baseUrl = inject('baseUrl')
const { open } = journeyBrowser()
let watched: OpenedPage

beforeEach(async () => {
  watched = await open()
})

/** The user id Mine shows once the guest session exists. */
async function mineUserId(): Promise<string> {
  const { page } = watched
  const id = page.getByTestId('user-id')
  await id.waitFor()
  return ((await id.textContent()) ?? '').replace(/\D/g, '')
}

describe('first visit', () => {
  it('logs in as a guest and Mine shows its id, with no console errors', async () => {
    const { page, errors } = watched
    const guestLogin = page.waitForResponse((r) => r.url().endsWith('/api/app/login/guest'))
    await page.goto(`${baseUrl}/`)
    expect((await guestLogin).status()).toBe(200)
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click()
    await page.waitForURL(`${baseUrl}/mine/`)
    expect(Number(await mineUserId())).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })

  it.each([
    ['with WebCrypto, never loads @noble', false],
    ['on an origin without WebCrypto (insecure), signs and seals with @noble loaded then', true],
  ])('%s', async (_, withoutSubtle) => {
    const { page, errors } = watched
    // crypto.subtle exists only in secure contexts; this page plays an http:// origin that is not localhost.
    if (withoutSubtle)
      await page.addInitScript(() => Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined }))
    const nobleChunks: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/noble-crypto-[^/]*\.js$/.test(request.url())) nobleChunks.push(request.url())
    })
    const guestLogin = page.waitForResponse((r) => r.url().endsWith('/api/app/login/guest'))
    await page.goto(`${baseUrl}/mine/`)
    expect((await guestLogin).status()).toBe(200)
    expect(Number(await mineUserId())).toBeGreaterThan(0)
    expect(nobleChunks).toHaveLength(withoutSubtle ? 1 : 0)
    expect(errors).toEqual([])
  })

  it("runs at start only the files index.html names, each hinted for eager compilation; later pages' are not", async () => {
    const { page, errors } = watched
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto(`${baseUrl}/`)
    await page.locator('.home-section img.lazy-image__img--shown').first().waitFor()
    const html = await (await fetch(`${baseUrl}/`)).text()
    const named = [
      ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="([^"]+)"/g),
    ].map((match) => match[1]!)
    expect(named.length).toBeGreaterThan(1)
    expect(scripts.filter((path) => !named.includes(path))).toEqual([])
    const startsHinted = async (path: string) =>
      (await (await fetch(`${baseUrl}${path}`)).text()).startsWith('//# allFunctionsCalledOnLoad\n')
    for (const path of named) expect(await startsHinted(path), path).toBe(true)

    const before = scripts.length
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click()
    await page.getByTestId('user-id').waitFor()
    const later = scripts.slice(before)
    expect(later.length).toBeGreaterThan(0)
    for (const path of later) expect(await startsHinted(path), path).toBe(false)
    expect(errors).toEqual([])
  })

  it('shows the announcement on Home', async () => {
    const { page } = watched
    await page.goto(`${baseUrl}/`)
    await expect.poll(() => page.locator('.announcement__title').count(), { timeout: 15_000 }).toBe(1)
    expect(await page.locator('.announcement__title').textContent()).not.toBe('')
  })
})

describe('navigation', () => {
  it('keeps a tab page alive with its state and scroll', async () => {
    const { page, errors } = watched
    await page.goto(`${baseUrl}/`)
    await page.locator('.announcement__title').waitFor()
    // State that lives only in this mounted page: a node of its own and a scroll position.
    await page.evaluate(() => {
      const home = document.querySelector('main.page')!
      const spacer = document.createElement('div')
      spacer.id = 'kept-marker'
      spacer.style.height = '3000px'
      home.appendChild(spacer)
    })
    // The router records positions from scroll events, which fire on the next frame.
    await scrollPage(page, 900)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900)
    const nav = page.getByRole('navigation', { name: '主导航' })
    await nav.getByRole('link', { name: '我的' }).click()
    await page.waitForURL(`${baseUrl}/mine/`)
    await page.getByTestId('user-id').waitFor()
    expect(await page.locator('#kept-marker').isVisible()).toBe(false)
    await nav.getByRole('link', { name: '首页' }).click()
    await page.waitForURL(`${baseUrl}/`)
    await expect.poll(() => page.locator('#kept-marker').isVisible()).toBe(true)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900)
    expect(errors).toEqual([])
  })

  it('starts a new page at the top and restores the scroll on back', async () => {
    const { page, errors } = watched
    await page.goto(`${baseUrl}/mine/`)
    await page.getByTestId('user-id').waitFor()
    await page.evaluate(() => {
      const spacer = document.createElement('div')
      spacer.style.height = '3000px'
      document.querySelector('main.page')!.prepend(spacer)
    })
    await scrollPage(page, 700)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700)
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/mine/message"]')!.click())
    await page.waitForURL(`${baseUrl}/mine/message`)
    await page.getByRole('tablist').first().waitFor()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await page.waitForURL(`${baseUrl}/mine/`)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700)
    expect(errors).toEqual([])
  })

  it('lands on a deep link to a topic and shows its name', async () => {
    const { page, errors } = watched
    // The link's name shows until the topic's own answer brings its stored name (topic 1 is
    // 本周热门); hold that answer back, or a fast one replaces the name before it is checked.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/app/media/topic/details', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${baseUrl}/topicList?id=1&name=${encodeURIComponent('热门专题')}`)
    await expect.poll(() => page.getByRole('heading', { name: '热门专题' }).count()).toBe(1)
    release()
    await page.unrouteAll({ behavior: 'wait' })
    expect(errors).toEqual([])
  })

  it('shows the catch-all for an unknown path and for /notFound', async () => {
    const { page } = watched
    for (const path of ['/no/such/page', '/dating/picDetail?id=1', '/notFound']) {
      const response = await page.goto(`${baseUrl}${path}`)
      expect(response?.status()).toBe(200)
      await expect.poll(() => page.getByRole('heading', { name: '页面不存在' }).count()).toBe(1)
    }
  })
})

describe('offline', () => {
  it('reloads the shell offline once the service worker controls the page', async () => {
    const { page, context } = watched
    await page.goto(`${baseUrl}/`)
    await controlled(page)
    await context.setOffline(true)
    await page.reload()
    await page.getByRole('navigation', { name: '主导航' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Marquee', exact: true }).count()).toBe(1)
  })
})

describe('session', () => {
  it('clears the session and enters again when the server answers 1000', async () => {
    const { page, errors } = watched
    const tokens: string[] = []
    page.on('request', (request) => {
      const token = request.headers()['authorization']
      if (request.url().includes('/api/app/') && token && !tokens.includes(token)) tokens.push(token)
    })
    await page.goto(`${baseUrl}/mine/`)
    const firstId = await mineUserId()
    expect(tokens).toHaveLength(1)

    // Revoke the session as another client would (user/logout), signed with node:crypto.
    const logout = await signedPost('/api/app/user/logout', tokens[0]!)
    expect(logout.status).toBe(200)

    const secondLogin = page.waitForResponse((r) => r.url().endsWith('/api/app/login/guest'))
    await page.reload()
    await secondLogin
    await expect.poll(() => tokens.length, { timeout: 15_000 }).toBe(2)
    // Same device, same guest: a new session, not a new account.
    expect(await mineUserId()).toBe(firstId)
    expect(errors).toEqual([])
  })
})

async function signedPost(path: string, token: string) {
  const secret = process.env.API_SECRET || 'marquee-dev-secret-change-me'
  const xUserAgent = 'DevType=PC;SysType=h5_pc;Ver=2.1.1;Browser=e2e/1'
  const t = Math.floor(Date.now() / 1000)
  const nonce = randomBytes(16).toString('hex')
  const s = createHmac('sha1', secret).update(`${token}\n${path}\n${xUserAgent}\n${t}\n${nonce}`).digest('hex')
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      Authorization: token,
      'X-User-Agent': xUserAgent,
      'x-api-key': `t=${t};n=${nonce};s=${s}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  })
}
