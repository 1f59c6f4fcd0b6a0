import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { admin } from '../support/admin.ts'
import { journeyBrowser, type OpenedPage } from '../support/browser.ts'
import { homeCards, stage, tapFromHome } from '../support/catalogue.ts'

const baseUrl = inject('baseUrl')
const { open } = journeyBrowser()
const downloads = mkdtempSync(join(tmpdir(), 'marquee-accounts-'))
afterAll(() => rmSync(downloads, { recursive: true, force: true }))

/** A mainland number nobody in this run has used. */
function freshMobile(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`
}

/** The newest code the sandbox gateway sent to `mobile`, read from the /sandbox/sms page as a developer would. */
async function codeFromSandboxPage(page: Page, mobile: string): Promise<string> {
  const outbox = await page.context().newPage()
  try {
    await outbox.goto(`${baseUrl}/sandbox/sms`)
    const text = await outbox.locator('tbody tr', { hasText: mobile }).first().textContent()
    const code = /\d{6}/.exec(text?.replace(mobile, '') ?? '')?.[0]
    if (!code) throw new Error(`no code for ${mobile} on /sandbox/sms`)
    return code
  } finally {
    await outbox.close()
  }
}

/** The text of the QR code on a saved credential card, read here as the app reads it in the page. */
async function credentialOnCard(file: string): Promise<string> {
  // The reader's binary from the package, not from a CDN (the journeys run offline).
  const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.length) } })
  const [code] = await readBarcodes(new Uint8Array(await readFile(file)), { formats: ['QRCode'] })
  if (!code?.text) throw new Error(`no QR code on ${file}`)
  return code.text
}

/**
 * Every URL the browser asks for (pages, the outbox tab and the service worker included) and every
 * page URL it shows (router navigations too), and each session token it sent in Authorization, so a
 * journey can check that no secret travelled in a URL, where logs, history and Referer keep it.
 */
interface Watched {
  urls: string[]
  tokens: Set<string>
}

function watchUrls({ context }: OpenedPage): Watched {
  const watched: Watched = { urls: [], tokens: new Set() }
  context.on('request', (request) => {
    watched.urls.push(request.url())
    // The page sets Authorization itself, so it is among the headers the request started with.
    const token = request.headers()['authorization']
    if (token) watched.tokens.add(token)
  })
  const watchPage = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) watched.urls.push(frame.url())
    })
  context.pages().forEach(watchPage)
  context.on('page', watchPage)
  return watched
}

/** Opens a browser as `open` does, its URLs watched. */
async function openWatched(open: () => Promise<OpenedPage>, all: Watched[]) {
  const opened = await open()
  all.push(watchUrls(opened))
  return opened
}

function decoded(url: string): string {
  try {
    return decodeURIComponent(url)
  } catch {
    return url
  }
}

/** None of `secrets` (tokens, codes, credentials) in any URL seen, as it is or percent-encoded. */
function expectNoSecretInUrls(watched: Watched[], secrets: string[]) {
  const urls = watched.flatMap((w) => [...w.urls, ...w.urls.map(decoded)])
  expect(urls.length).toBeGreaterThan(0)
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThanOrEqual(6)
    // A code is digits: matched whole, so a timestamp that happens to hold those six does not count.
    const found = /^\d+$/.test(secret)
      ? (url: string) => new RegExp(`(^|\\D)${secret}(\\D|$)`).test(url)
      : (url: string) => url.includes(secret)
    expect(urls.filter(found), `a secret of ${secret.length} characters`).toEqual([])
  }
}

/** The session tokens the browsers sent in Authorization. */
const tokensOf = (watched: Watched[]) => [...new Set(watched.flatMap((w) => [...w.tokens]))]

async function mineShows(page: Page, text: string | RegExp) {
  await page.goto(`${baseUrl}/mine/`)
  await page.locator('.profile').getByText(text).first().waitFor()
}

describe('accounts', () => {
  it('a guest buys, registers, sets avatar, nickname and phone, saves the card; other browsers get it all back by password and by the card', async () => {
    const watched: Watched[] = []
    const { page, errors } = await openWatched(open, watched)
    await page.goto(`${baseUrl}/mine/`)
    const userId = /\d+/.exec((await page.getByTestId('user-id').textContent()) ?? '')![0]
    expect(await admin('wallet:credit', userId, '100000', '--reason', 'journey')).toContain(`user ${userId}: +100000`)

    // As a guest: buy a priced video.
    const [bought] = await homeCards(page, 'price')
    await tapFromHome(page, bought!)
    await stage(page)
    await page.getByRole('button', { name: '解锁观看' }).first().click()
    const sheet = page.getByRole('dialog', { name: '解锁视频' })
    await sheet.getByRole('button', { name: '确认解锁' }).click()
    await sheet.waitFor({ state: 'detached' })

    // Register from Mine: the same user, now an account.
    const account = `j${Date.now().toString(36)}`
    const password = 'journey-password-1'
    await page.goto(`${baseUrl}/mine/`)
    await page.getByRole('link', { name: '登录/注册' }).first().click()
    await page.waitForURL(`${baseUrl}/mine/login`)
    await page.getByRole('link', { name: '没有账号？注册' }).click()
    await page.getByLabel('账号', { exact: true }).fill(account)
    await page.getByLabel('密码', { exact: true }).fill(password)
    await page.getByLabel('确认密码').fill(password)
    await page.getByRole('button', { name: '注册' }).click()
    await page.waitForURL(`${baseUrl}/mine/`)
    expect(await page.getByTestId('user-id').textContent()).toContain(userId)

    // An avatar: picked, cropped in the page, uploaded in chunks.
    const picture = join(downloads, 'avatar.png')
    await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a9d8f' } })
      .png()
      .toFile(picture)
    await page.goto(`${baseUrl}/mine/setting/avatar`)
    await page.locator('input[type="file"]').setInputFiles(picture)
    await page.getByRole('button', { name: '保存头像' }).click()
    await page.getByText('头像已更新').first().waitFor()
    await page.goto(`${baseUrl}/mine/`)
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.profile__avatar img')
      return image !== null && image.complete && image.naturalWidth > 0
    })

    // A nickname.
    await page.goto(`${baseUrl}/mine/setting/modifyname`)
    await page.getByLabel('昵称').fill('旅程用户')
    await page.getByRole('button', { name: '保存' }).click()
    await mineShows(page, '旅程用户')

    // A phone, with the code from the sandbox's page.
    const mobile = freshMobile()
    await page.goto(`${baseUrl}/mine/setting/bindPhone`)
    await page.getByLabel('手机号').fill(mobile)
    await page.getByRole('button', { name: '获取验证码' }).click()
    await page.getByRole('button', { name: /秒后重发/ }).waitFor()
    const bindCode = await codeFromSandboxPage(page, mobile)
    await page.getByLabel('验证码').fill(bindCode)
    await page.getByRole('button', { name: /绑定/ }).click()
    await mineShows(page, `已绑定 ${mobile.slice(0, 3)}****${mobile.slice(7)}`)

    // The credential card, saved as an image.
    await page.goto(`${baseUrl}/mine/credentials`)
    await page.getByRole('button', { name: '生成凭证' }).click()
    const saving = page.waitForEvent('download')
    await page.getByRole('button', { name: '保存图片' }).click()
    const card = join(downloads, 'card.png')
    await (await saving).saveAs(card)
    expect(errors).toEqual([])

    // Log out: this browser is a guest again, and is offered the login page.
    await page.goto(`${baseUrl}/mine/`)
    await page.getByRole('button', { name: '退出登录' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: '退出登录' }).click()
    await page.waitForURL(`${baseUrl}/mine/login`)

    const boughtPath = new URL(bought!, baseUrl)
    const seesTheAccount = async (other: Page) => {
      await mineShows(other, '旅程用户')
      expect(await other.getByTestId('user-id').textContent()).toContain(userId)
      await other.goto(`${baseUrl}/mine/myBought`)
      await other.locator(`.mine-list__items a[href="${boughtPath.pathname}${boughtPath.search}"]`).first().waitFor()
    }

    // A second browser: account and password.
    const second = await openWatched(open, watched)
    await second.page.goto(`${baseUrl}/mine/login`)
    await second.page.getByLabel('账号', { exact: true }).fill(account)
    await second.page.getByLabel('密码', { exact: true }).fill(password)
    await second.page.getByRole('button', { name: '登录', exact: true }).click()
    await second.page.waitForURL(`${baseUrl}/mine/`)
    await seesTheAccount(second.page)
    expect(second.errors).toEqual([])

    // A third browser: the saved card, picked as an image.
    const third = await openWatched(open, watched)
    await third.page.goto(`${baseUrl}/mine/setting/accoutCodeCamera`)
    await third.page.locator('input[type="file"]').setInputFiles(card)
    await third.page.waitForURL(`${baseUrl}/mine/`)
    await seesTheAccount(third.page)
    expect(third.errors).toEqual([])

    // The guest's, the account's and each browser's session token, the bind code, the password and
    // the card's credential went in headers and sealed bodies, never in a URL.
    const tokens = tokensOf(watched)
    expect(tokens.length).toBeGreaterThanOrEqual(3)
    const credential = await credentialOnCard(card)
    expect(credential).toMatch(/^MQC1-/)
    expectNoSecretInUrls(watched, [...tokens, bindCode, password, credential])
  }, 240_000)

  it('logs in by phone with the code from the sandbox outbox, creating the account', async () => {
    const watched: Watched[] = []
    const { page, errors } = await openWatched(open, watched)
    const mobile = freshMobile()
    await page.goto(`${baseUrl}/mine/login`)
    await page.getByRole('button', { name: '手机登录' }).click()
    await page.getByLabel('手机号').fill(mobile)
    await page.getByRole('button', { name: '获取验证码' }).click()
    await page.getByRole('button', { name: /秒后重发/ }).waitFor()
    const outbox = await admin('sms:outbox', mobile)
    const code = /验证码 (\d{6})/.exec(outbox)?.[1]
    expect(code).toBeDefined()
    await page.getByLabel('验证码').fill(code!)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await page.waitForURL(`${baseUrl}/mine/`)
    await page
      .locator('.profile')
      .getByText(`已绑定 ${mobile.slice(0, 3)}****${mobile.slice(7)}`)
      .waitFor()
    expect(errors).toEqual([])
    // The guest's token, the account's and the code: never in a URL.
    const tokens = tokensOf(watched)
    expect(tokens.length).toBeGreaterThanOrEqual(2)
    expectNoSecretInUrls(watched, [...tokens, code!])
  }, 120_000)
})
