import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REDEEM_CODE_MAX } from '../../../core/contracts/welfare-rules.ts'
import { t } from '../../lib/messages-welfare.ts'
import { testUser } from '../../testing/session-kit.ts'
import { codeHistorySource, exchangeHistorySource } from './api.ts'
import { ExchangeScreen } from './exchange-screen.tsx'
import { exchangeList, item, pagedHistory, points, Refusal, renderWelfare, type Post } from './testing.tsx'

// Without IntersectionObserver the lists ask for their next page at once: every page loads.
beforeEach(() => vi.stubGlobal('IntersectionObserver', undefined))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const user = testUser({ id: 42 })
const empty = { items: [], nextCursor: null }

async function open(post: Post, onUserChanged = vi.fn()) {
  const lists = {
    exchanges: pagedHistory(exchangeHistorySource(user.id)),
    codes: pagedHistory(codeHistorySource(user.id)),
  }
  const rendered = await renderWelfare(
    '/welfare/exchange/',
    '/welfare/exchange/',
    () => (
      <ExchangeScreen userId={user.id} exchanges={lists.exchanges} codes={lists.codes} onUserChanged={onUserChanged} />
    ),
    post,
    user,
  )
  // The items are in (itemRow finds them at once).
  await screen.findByRole('heading', { name: t.exchange.items, level: 2 })
  return { onUserChanged, ...rendered }
}

const balance = () => within(screen.getByRole('region', { name: t.welfare.points }))
const itemRow = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).closest('li')!
const calls = (post: { mock: { calls: [string, Record<string, unknown>][] } }, name: string) =>
  post.mock.calls.filter(([called]) => called === name).map(([, body]) => body)

describe('ExchangeScreen', () => {
  it('shows the points, the items with price and stock, and empty records', async () => {
    await open(async (name) => {
      if (name === 'redeem/list') return exchangeList({ items: [item(1), item(3, { title: '抢光了', stock: 0 })] })
      if (name === 'redeem/history' || name === 'redeemcode/list') return empty
      throw new Error(name)
    })
    expect(await screen.findByText('120')).toBeTruthy()
    const first = within(itemRow('商品1'))
    expect(first.getByText('7天 至尊会员')).toBeTruthy()
    expect(first.getByText(t.exchange.price(100))).toBeTruthy()
    expect(first.getByText(t.exchange.stock(5))).toBeTruthy()
    const soldOut = within(itemRow('抢光了')).getByRole('button') as HTMLButtonElement
    expect([soldOut.textContent, soldOut.disabled]).toEqual([t.exchange.soldOut, true])

    const panel = screen.getByRole('tabpanel', { name: t.exchange.exchangeHistory })
    expect(await within(panel).findByText(t.exchange.noExchanges)).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: t.exchange.codeHistory }))
    expect(await screen.findByText(t.exchange.noCodes)).toBeTruthy()
  })

  it('exchanges after the confirmation: the toast, the new points and stock, the record, the user asked again', async () => {
    let exchanged = false
    const { post, onUserChanged } = await open(async (name, body) => {
      if (name === 'redeem/list') return exchangeList()
      if (name === 'redeem/exchange') {
        expect(body).toEqual({ itemId: 1 })
        exchanged = true
        return { reward: { kind: 'vip', tier: 'supreme', days: 7 }, points: points({ balance: 20 }) }
      }
      if (name === 'redeem/history') {
        return exchanged
          ? {
              items: [{ id: 9, title: '商品1', reward: item(1).reward, price: 100, createdAt: 1_767_240_000 }],
              nextCursor: null,
            }
          : empty
      }
      if (name === 'redeemcode/list') return empty
      throw new Error(name)
    })
    fireEvent.click(await within(itemRow('商品1')).findByRole('button', { name: t.exchange.buttonLabel('商品1') }))
    const sheet = screen.getByRole('alertdialog', { name: t.exchange.confirmTitle })
    expect(within(sheet).getByText(t.exchange.confirmBody('商品1', 100))).toBeTruthy()
    expect(within(sheet).getByText(t.exchange.balanceAfter(20))).toBeTruthy()
    // The safe choice has the focus.
    expect(document.activeElement?.textContent).toBe(t.exchange.cancel)
    expect(calls(post, 'redeem/exchange')).toEqual([])

    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: t.exchange.confirm })))
    expect(await screen.findByText(t.exchange.success('7天 至尊会员'))).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(balance().getByText('20')).toBeTruthy()
    expect(within(itemRow('商品1')).getByText(t.exchange.stock(4))).toBeTruthy()
    expect(onUserChanged).toHaveBeenCalledTimes(1)
    const panel = screen.getByRole('tabpanel', { name: t.exchange.exchangeHistory })
    expect(await within(panel).findByText(t.exchange.spent(100))).toBeTruthy()
    expect(within(panel).getByText('2026-01-01 12:00:00')).toBeTruthy()
    expect(calls(post, 'redeem/exchange')).toHaveLength(1)
  })

  it('says clearly when the points are short (7060) or the item is gone (7061)', async () => {
    const { onUserChanged } = await open(async (name, body) => {
      if (name === 'redeem/list') return exchangeList({ points: points({ balance: 120 }) })
      if (name === 'redeem/exchange') return new Refusal(body.itemId === 2 ? 7060 : 7061)
      if (name === 'redeem/history' || name === 'redeemcode/list') return empty
      throw new Error(name)
    })
    await screen.findByText('120')
    fireEvent.click(await within(itemRow('10 钻石')).findByRole('button', { name: t.exchange.buttonLabel('10 钻石') }))
    let sheet = screen.getByRole('alertdialog')
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: t.exchange.confirm })))
    const short = within(sheet).getByRole('alert')
    expect(short.textContent).toContain(t.exchange.pointsShort(380))
    expect(within(short).getByRole('link', { name: t.exchange.earnMore }).getAttribute('href')).toMatch(
      /^\/welfare\/?$/,
    )
    expect((within(sheet).getByRole('button', { name: t.exchange.confirm }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(sheet).getByRole('button', { name: t.exchange.cancel }))
    expect(screen.queryByRole('alertdialog')).toBeNull()

    fireEvent.click(within(itemRow('商品1')).getByRole('button', { name: t.exchange.buttonLabel('商品1') }))
    sheet = screen.getByRole('alertdialog')
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: t.exchange.confirm })))
    expect(within(sheet).getByRole('alert').textContent).toBe(t.exchange.soldOut)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect((within(itemRow('商品1')).getByRole('button') as HTMLButtonElement).disabled).toBe(true)
    expect(balance().getByText('120')).toBeTruthy()
    expect(onUserChanged).not.toHaveBeenCalled()
  })

  it('can confirm again after a failure that is not about the points or the stock', async () => {
    let tries = 0
    await open(async (name) => {
      if (name === 'redeem/list') return exchangeList()
      if (name === 'redeem/exchange') {
        tries += 1
        if (tries === 1) return new Refusal(5000, '服务繁忙')
        return { reward: { kind: 'vip', tier: 'supreme', days: 7 }, points: points({ balance: 20 }) }
      }
      if (name === 'redeem/history' || name === 'redeemcode/list') return empty
      throw new Error(name)
    })
    fireEvent.click(await within(itemRow('商品1')).findByRole('button', { name: t.exchange.buttonLabel('商品1') }))
    const sheet = screen.getByRole('alertdialog')
    const confirm = within(sheet).getByRole('button', { name: t.exchange.confirm }) as HTMLButtonElement
    await act(async () => fireEvent.click(confirm))
    expect(within(sheet).getByRole('alert').textContent).toBe('服务繁忙')
    expect(confirm.disabled).toBe(false)

    await act(async () => fireEvent.click(confirm))
    expect(await screen.findByText(t.exchange.success('7天 至尊会员'))).toBeTruthy()
    expect(tries).toBe(2)
  })

  it('redeems a code (trimmed), shows the reward, and lists it', async () => {
    let used = false
    const { post, onUserChanged } = await open(async (name, body) => {
      if (name === 'redeem/list') return exchangeList()
      if (name === 'redeemcode/use') {
        used = true
        expect(body).toEqual({ code: 'MQ7X-2K9P-QQ4R' })
        return { reward: { kind: 'points', amount: 50 }, points: points({ balance: 170 }) }
      }
      if (name === 'redeemcode/list') {
        return used
          ? {
              items: [
                {
                  id: 1,
                  batch: '20260101-1f2e3d4c',
                  reward: { kind: 'points', amount: 50 },
                  createdAt: 1_767_240_000,
                },
              ],
              nextCursor: null,
            }
          : empty
      }
      if (name === 'redeem/history') return empty
      throw new Error(name)
    })
    fireEvent.click(await screen.findByRole('tab', { name: t.exchange.codeHistory }))
    expect(await screen.findByText(t.exchange.noCodes)).toBeTruthy()
    const input = screen.getByRole('textbox', { name: t.exchange.code.label }) as HTMLInputElement
    // No longer than the contract takes: a longer code could only be refused as a bad request.
    expect(input.maxLength).toBe(REDEEM_CODE_MAX)
    fireEvent.change(input, { target: { value: '  MQ7X-2K9P-QQ4R ' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.exchange.code.submit })))

    expect(screen.getAllByText(t.exchange.code.success('+50 积分')).length).toBeGreaterThanOrEqual(1)
    expect(input.value).toBe('')
    expect(balance().getByText('170')).toBeTruthy()
    expect(await screen.findByText(t.exchange.codeBatch('20260101-1f2e3d4c'))).toBeTruthy()
    expect(calls(post, 'redeemcode/use')).toHaveLength(1)
    expect(onUserChanged).not.toHaveBeenCalled()
  })

  it('says why a code is refused, and sends nothing for an empty one', async () => {
    const { post } = await open(async (name) => {
      if (name === 'redeem/list') return exchangeList()
      if (name === 'redeemcode/use') return new Refusal(7012)
      if (name === 'redeem/history' || name === 'redeemcode/list') return empty
      throw new Error(name)
    })
    await screen.findByText('120')
    const input = screen.getByRole('textbox', { name: t.exchange.code.label })
    fireEvent.change(input, { target: { value: '   ' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.exchange.code.submit })))
    expect(screen.getByRole('alert').textContent).toBe(t.exchange.code.empty)
    expect(calls(post, 'redeemcode/use')).toEqual([])

    fireEvent.change(input, { target: { value: 'WRONG-CODE' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.exchange.code.submit })))
    expect(screen.getByRole('alert').textContent).toBe('兑换码无效')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect((input as HTMLInputElement).value).toBe('WRONG-CODE')
    expect(calls(post, 'redeemcode/use')).toEqual([{ code: 'WRONG-CODE' }])
  })

  it('without a user shows the items, with the way to log in in place of the points, codes and records', async () => {
    const reload = vi.fn()
    const lists = { exchanges: pagedHistory(exchangeHistorySource(null)), codes: pagedHistory(codeHistorySource(null)) }
    const { post } = await renderWelfare(
      '/welfare/exchange/',
      '/welfare/exchange/',
      () => <ExchangeScreen userId={null} exchanges={lists.exchanges} codes={lists.codes} reload={reload} />,
      async (name) => {
        if (name === 'redeem/list') return exchangeList({ points: points({ balance: 0, lifetime: 0 }) })
        throw new Error(name)
      },
      null,
    )
    const button = (await waitFor(() => within(itemRow('商品1')).getByRole('button'))) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText(t.signedOut.exchange)).toBeTruthy()
    expect(within(alert).getByRole('link', { name: t.signedOut.login }).getAttribute('href')).toBe('/mine/login')
    fireEvent.click(within(alert).getByRole('button', { name: t.common.retry }))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('region', { name: t.welfare.points })).toBeNull()
    expect(screen.queryByRole('textbox', { name: t.exchange.code.label })).toBeNull()
    expect(screen.queryByRole('tabpanel')).toBeNull()
    expect(post.mock.calls.map(([name]) => name)).toEqual(['redeem/list'])
  })
})
