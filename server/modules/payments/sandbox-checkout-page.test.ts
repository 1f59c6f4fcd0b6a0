import { beforeEach, describe, expect, it } from 'vitest'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { balanceOf, ledgerOf, loginGuest } from '../wallet/testing.ts'
import { insertPackage, listen, orderRow, submitOrder } from './testing.ts'

describe.each(BACKENDS)('the sandbox checkout page (%s)', (backend) => {
  const t = useTestApp(backend)
  let origin = ''
  let userId = 0
  let packageId = 0

  beforeEach(async () => {
    origin = await listen(t.app)
    userId = await loginGuest(t.client, 'device-pay-page')
    packageId = await insertPackage(t.db, { diamonds: 10_000, bonusDiamonds: 1_000, price: 1_000 })
  })

  const post = (payUrl: string, outcome: string) =>
    fetch(`${origin}${payUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
      redirect: 'manual',
    })

  it('shows the item, the amount in yuan and the order number, with the two buttons and no script', async () => {
    const { orderId, payUrl } = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    const response = await fetch(`${origin}${payUrl}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self'")
    const html = await response.text()
    expect(html).toContain('<dd>100 钻石</dd>')
    expect(html).toContain('<dd class="amount">¥10.00</dd>')
    expect(html).toContain(`<dd>${orderId}</dd>`)
    expect(html).toContain(`<form method="post" action="${payUrl}">`)
    expect(html).toContain('value="paid">确认支付</button>')
    expect(html).toContain('value="failed">支付失败</button>')
    expect(html).not.toMatch(/<script|\son\w+=/i)
  })

  it('确认支付 pays: the notification credits, the browser goes back to the order page; a second post changes nothing', async () => {
    const { orderId, payUrl } = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    const paid = await post(payUrl, 'paid')
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`/mine/recharge?orderId=${orderId}`)
    // The notification was answered before the redirect: the order page finds it paid.
    expect(await orderRow(t.db, orderId)).toMatchObject({ state: 'paid' })
    expect(await balanceOf(t.db, userId)).toBe(11_000)
    const status = await t.client.call('recharge/status', { orderId })
    expect(status.body.data).toMatchObject({ state: 'paid', paidAt: Math.floor(t.clock.now() / 1000) })

    for (const outcome of ['paid', 'failed']) {
      const again = await post(payUrl, outcome)
      expect(again.status).toBe(303)
      expect(again.headers.get('location')).toBe(`/mine/recharge?orderId=${orderId}`)
    }
    expect(await orderRow(t.db, orderId)).toMatchObject({ state: 'paid' })
    expect(await balanceOf(t.db, userId)).toBe(11_000)
    expect((await ledgerOf(t.db, userId)).rows).toHaveLength(2)

    const page = await (await fetch(`${origin}${payUrl}`)).text()
    expect(page).toContain('已支付')
    expect(page).not.toContain('<form')
  })

  it('支付失败 fails the order', async () => {
    const { orderId, payUrl } = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    const failed = await post(payUrl, 'failed')
    expect(failed.status).toBe(303)
    expect(await orderRow(t.db, orderId)).toMatchObject({ state: 'failed' })
    expect(await balanceOf(t.db, userId)).toBe(0)
  })

  it('answers 404 for an unknown checkout and 400 for anything but the two buttons', async () => {
    const { orderId, payUrl } = await submitOrder(t.client, { kind: 'diamonds', itemId: packageId })
    for (const path of ['/sandbox/pay/AAAAAAAAAAAAAAAAAAAAAA', '/sandbox/pay/nope']) {
      expect((await fetch(`${origin}${path}`)).status).toBe(404)
      expect((await post(path, 'paid')).status).toBe(404)
    }
    expect((await post(payUrl, 'refund')).status).toBe(400)
    expect(await orderRow(t.db, orderId)).toMatchObject({ state: 'pending' })
  })
})
