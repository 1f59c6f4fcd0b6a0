import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { admin } from '../support/admin.ts'
import { journeyBrowser } from '../support/browser.ts'
import { homeCards, playsPast, stage, tapFromHome } from '../support/catalogue.ts'

const baseUrl = inject('baseUrl')
const { open } = journeyBrowser()

/** On the sandbox checkout the app sent the browser to: presses `button` and lands on the order page. */
async function payAtSandbox(page: Page, button: '确认支付' | '支付失败'): Promise<string> {
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'))
  await page.getByRole('button', { name: button }).click()
  await page.waitForURL((url) => url.pathname === '/mine/recharge')
  return new URL(page.url()).searchParams.get('orderId')!
}

/** The order page's outcome heading once the wait is over. */
async function orderOutcome(page: Page, outcome: '支付成功' | '支付失败') {
  await page.getByRole('heading', { name: outcome }).waitFor({ timeout: 30_000 })
}

describe('paying', () => {
  it('a guest without diamonds tops up from a priced video through the sandbox checkout, comes back, unlocks and plays it', async () => {
    const { page, errors } = await open()
    const [href] = await homeCards(page, 'price')
    await tapFromHome(page, href!)
    await stage(page)
    await page.getByRole('button', { name: '解锁观看' }).first().click()
    const sheet = page.getByRole('dialog', { name: '解锁视频' })
    const price = await sheet.getByTestId('unlock-price').textContent()
    expect(await sheet.getByRole('alert').textContent()).toContain('余额不足')
    await sheet.getByRole('link', { name: '去充值' }).click()

    await page.getByRole('radio', { name: /^300钻石/ }).check()
    await page.getByRole('button', { name: '立即支付' }).click()
    const orderId = await payAtSandbox(page, '确认支付')
    await orderOutcome(page, '支付成功')
    // 300 diamonds and the package's bonus of 15, as two ledger rows.
    expect(await page.locator('main').textContent()).toContain('315钻石')

    await page.getByRole('link', { name: '返回视频' }).click()
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(href)
    await page.getByRole('button', { name: '解锁观看' }).first().click()
    expect(await sheet.getByTestId('unlock-price').textContent()).toBe(price)
    expect(await sheet.getByTestId('unlock-balance').textContent()).toBe('315钻石')
    await sheet.getByRole('button', { name: '确认解锁' }).click()
    await sheet.waitFor({ state: 'detached' })
    await page.waitForSelector('.player__overlay[data-locked], .player__badge', { state: 'detached' })
    expect((await stage(page)).video).toBe(true)
    await playsPast(page, 1)

    // The records: the order, and the ledger's top-up, bonus and purchase.
    await page.goto(`${baseUrl}/mine/rechargeRecord`)
    await page.getByText('300 钻石').first().waitFor()
    expect(await page.getByRole('tabpanel').textContent()).toContain('已支付')
    await page.getByRole('tab', { name: '钻石明细' }).click()
    const ledger = page.getByRole('tabpanel')
    await ledger.getByText('充值赠送').waitFor()
    const entries = await ledger.textContent()
    expect(entries).toContain('钻石充值')
    expect(entries).toContain('购买视频')
    expect(await admin('order:show', orderId)).toMatch(/state\s+paid/)
    expect(errors).toEqual([])
  }, 120_000)

  it('a failed payment offers another try; a paid VIP card then plays a VIP-locked video, and the records list both orders', async () => {
    const { page, errors } = await open()
    const [href] = await homeCards(page, 'vip')
    await tapFromHome(page, href!)
    expect((await stage(page)).overlay).toContain('需要开通会员')
    await page.getByRole('link', { name: '开通会员' }).click()

    const supreme = page.getByRole('group', { name: '至尊会员' })
    await supreme.getByRole('radio').first().check()
    await page.getByRole('button', { name: '立即开通' }).click()
    await payAtSandbox(page, '支付失败')
    await orderOutcome(page, '支付失败')
    await page.getByRole('link', { name: '重新支付' }).click()

    await supreme.getByRole('radio').first().check()
    await page.getByRole('button', { name: '立即开通' }).click()
    await payAtSandbox(page, '确认支付')
    await orderOutcome(page, '支付成功')
    expect(await page.locator('main').textContent()).toContain('至尊会员')
    await page.getByRole('link', { name: '返回视频' }).click()
    expect((await stage(page)).video).toBe(true)
    await playsPast(page, 1)

    await page.goto(`${baseUrl}/mine/`)
    expect(await page.locator('.vip-badge').textContent()).toBe('SVIP')
    await page.goto(`${baseUrl}/mine/rechargeRecord`)
    const orders = page.getByRole('tabpanel').getByRole('listitem')
    await orders.nth(1).waitFor()
    expect(await orders.allTextContents()).toEqual([
      expect.stringMatching(/至尊会员.*已支付/),
      expect.stringMatching(/至尊会员.*支付失败/),
    ])
    expect(errors).toEqual([])
  }, 120_000)

  it('leaves every ledger and order consistent: wallet:audit reports no violation', async () => {
    expect(await admin('wallet:audit')).toMatch(/^all \d+ rules hold/)
  })
})
