import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UnlockOutcome } from './atoms.ts'
import { deferred, playerStore, renderAt } from './testing.tsx'
import { UnlockSheet } from './unlock-sheet.tsx'

afterEach(cleanup)

function open(props: { price: number; balance: number; outcome?: Promise<UnlockOutcome> }) {
  const onConfirm = vi.fn(() => props.outcome ?? Promise.resolve<UnlockOutcome>({ status: 'paid', balance: 0 }))
  const onUnlocked = vi.fn()
  const onClose = vi.fn()
  const { store } = playerStore(async () => null)
  const router = renderAt(
    '/sheet',
    '/sheet',
    () => (
      <UnlockSheet
        title="解锁视频"
        price={props.price}
        balance={props.balance}
        onConfirm={onConfirm}
        onUnlocked={onUnlocked}
        onClose={onClose}
      />
    ),
    store,
  )
  return { onConfirm, onUnlocked, onClose, router }
}

describe('UnlockSheet', () => {
  it('with enough diamonds: shows price and balance as money, buys on confirm and reports the unlock', async () => {
    const pay = deferred<UnlockOutcome>()
    const { onConfirm, onUnlocked } = open({ price: 1250, balance: 3000, outcome: pay.promise })
    expect((await screen.findByTestId('unlock-price')).textContent).toBe('12.50钻石')
    expect(screen.getByTestId('unlock-balance').textContent).toBe('30钻石')
    // Focus starts on the safe choice.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' }))
    const confirm = screen.getByRole('button', { name: '确认解锁' })
    fireEvent.click(confirm)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: '支付中…' }).hasAttribute('disabled')).toBe(true)
    await act(async () => pay.resolve({ status: 'paid', balance: 1750 }))
    expect(onUnlocked).toHaveBeenCalledTimes(1)
  })

  it('with too few diamonds: says 余额不足 with a way to recharge (and back here) and offers no purchase', async () => {
    const { onConfirm } = open({ price: 500, balance: 499 })
    expect((await screen.findByRole('alert')).textContent).toContain('余额不足')
    const recharge = screen.getByRole('link', { name: '去充值' })
    expect(recharge.getAttribute('href')).toBe('/mine/diamondRecharge?from=%2Fsheet')
    expect(screen.queryByRole('button', { name: '确认解锁' })).toBeNull()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('when the server answers insufficient balance (7001): switches to 余额不足', async () => {
    open({ price: 500, balance: 800, outcome: Promise.resolve({ status: 'insufficient' }) })
    fireEvent.click(await screen.findByRole('button', { name: '确认解锁' }))
    expect((await screen.findByRole('alert')).textContent).toContain('余额不足')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: '去充值' }))
  })

  it('already owned: charges nothing, says so, and plays on 开始观看', async () => {
    const { onUnlocked } = open({
      price: 500,
      balance: 800,
      outcome: Promise.resolve({ status: 'owned', balance: 800 }),
    })
    fireEvent.click(await screen.findByRole('button', { name: '确认解锁' }))
    expect((await screen.findByRole('status')).textContent).toBe('已购买，无需重复支付')
    expect(onUnlocked).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: '开始观看' }))
    expect(onUnlocked).toHaveBeenCalledTimes(1)
  })

  it('a failed purchase shows why and can be tried again; Escape closes', async () => {
    const { onConfirm, onClose } = open({
      price: 500,
      balance: 800,
      outcome: Promise.resolve({ status: 'failed', message: '网络连接失败' }),
    })
    fireEvent.click(await screen.findByRole('button', { name: '确认解锁' }))
    expect((await screen.findByRole('alert')).textContent).toBe('网络连接失败')
    fireEvent.click(screen.getByRole('button', { name: '确认解锁' }))
    expect(onConfirm).toHaveBeenCalledTimes(2)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(onClose).toHaveBeenCalled()
  })
})
