import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { admin } from '../support/admin.ts'
import { journeyBrowser } from '../support/browser.ts'

const baseUrl = inject('baseUrl')
const { open } = journeyBrowser()

/** The signed-in user's id as Mine shows it. */
async function userIdOf(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/mine/`)
  return /\d+/.exec((await page.getByTestId('user-id').textContent()) ?? '')![0]!
}

/** Registers the page's guest from Mine, which keeps its id. */
async function register(page: Page, account: string) {
  await page.goto(`${baseUrl}/mine/`)
  await page.getByRole('link', { name: '登录/注册' }).first().click()
  await page.getByRole('link', { name: '没有账号？注册' }).click()
  await page.getByLabel('账号', { exact: true }).fill(account)
  await page.getByLabel('密码', { exact: true }).fill('journey-password-1')
  await page.getByLabel('确认密码').fill('journey-password-1')
  await page.getByRole('button', { name: '注册' }).click()
  await page.waitForURL(`${baseUrl}/mine/`)
}

describe('welfare, invitations and support', () => {
  it('a guest signs in on 福利 and the points land; a code made by the admin command brings diamonds', async () => {
    const { page, errors } = await open()
    await page.goto(`${baseUrl}/welfare/`)
    const signIn = page.getByRole('button', { name: '签到', exact: true })
    await signIn.click()
    await page
      .getByText(/签到成功 \+10 积分/)
      .first()
      .waitFor()
    await page.getByText('今日已签到').first().waitFor()
    await page.getByText('已连续签到 1 天').first().waitFor()

    const created = await admin('codes:create', '--count', '1', '--reward', 'diamonds:1000')
    const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(created)?.[0]
    expect(code, created).toBeTruthy()
    await page.goto(`${baseUrl}/welfare/exchange/`)
    await page.getByLabel('输入兑换码').fill(code!.toLowerCase())
    await page.getByRole('button', { name: '兑换', exact: true }).last().click()
    await page
      .getByText(/兑换成功 \+10 钻石/)
      .first()
      .waitFor()
    // Used once: the same code again is refused with the server's tip.
    await page.getByLabel('输入兑换码').fill(code!)
    await page.getByRole('button', { name: '兑换', exact: true }).last().click()
    await page.getByText('兑换码已使用').first().waitFor()
    expect(await admin('user:show', await userIdOf(page))).toMatch(/balance\s+1000\b/)
    expect(errors).toEqual([])
  })

  it('an invite link opened in a new browser, registered there, shows in the inviter’s income', async () => {
    const inviter = await open()
    await inviter.page.goto(`${baseUrl}/mine/invitation`)
    const link = (await inviter.page
      .getByText(/\?affCode=/)
      .first()
      .textContent())!.trim()
    expect(new URL(link).origin).toBe(new URL(baseUrl).origin)

    const friend = await open()
    await friend.page.goto(link)
    await friend.page.getByRole('navigation').first().waitFor()
    await register(friend.page, `inv${Date.now().toString(36)}`)

    await inviter.page.reload()
    const invitees = inviter.page.locator('section', { hasText: '我邀请的人' })
    await invitees.getByText('已注册').first().waitFor()
    await invitees
      .getByText(/积分 100/)
      .first()
      .waitFor()
    expect(inviter.errors).toEqual([])
  })

  it('a feedback reply raises the unread badge and reads in 反馈回复; the FAQ assistant answers 怎么充值', async () => {
    const { page, context, errors } = await open()
    const userId = await userIdOf(page)
    // Feedback written in a second tab; Mine stays open in the first, with nothing unread.
    const writer = await context.newPage()
    await writer.goto(`${baseUrl}/mine/problemFeedback`)
    const text = `播放时偶尔卡住 ${Date.now()}`
    await writer.getByLabel('问题描述').fill(text)
    await writer.getByRole('button', { name: '提交反馈' }).click()
    await writer.getByText(text).first().waitFor()
    await writer.close()
    expect(await page.getByRole('link', { name: /未读消息/ }).count()).toBe(0)

    const listed = await admin('feedback:list', '--unreplied')
    const id = new RegExp(`#(\\d+)\\s.*\\buser ${userId}\\b`).exec(listed)?.[1]
    expect(id, listed).toBeTruthy()
    await admin('feedback:reply', id!, '已修复，请更新后再试')

    // Back on the first tab: the badge follows when the app comes to the foreground again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await page.getByRole('link', { name: /我的.*1条未读消息/ }).waitFor()
    await page.goto(`${baseUrl}/mine/message`)
    await page.getByRole('tab', { name: /反馈回复/ }).click()
    await page.getByText('已修复，请更新后再试').first().waitFor()
    // Read: Mine, loaded again, asks message/latest and shows no badge.
    const latest = page.waitForResponse((response) => response.url().endsWith('/message/latest'))
    await page.goto(`${baseUrl}/mine/`)
    await latest
    await page.getByTestId('user-id').waitFor()
    expect(await page.getByRole('link', { name: /未读消息/ }).count()).toBe(0)

    await page.goto(`${baseUrl}/mine/setting/autokf`)
    await page.getByLabel('输入你的问题').fill('怎么充值')
    await page.getByRole('button', { name: '发送' }).click()
    await page
      .getByText(/进入「我的 → 钻石充值」/)
      .first()
      .waitFor()
    expect(errors).toEqual([])
  })

  it('leaves the diamonds and points ledgers consistent: wallet:audit reports no violation', async () => {
    expect(await admin('wallet:audit')).toMatch(/^all \d+ rules hold/)
  })
})
