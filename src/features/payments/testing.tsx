import { createRoute, type RouteComponent } from '@tanstack/react-router'
import { act, screen } from '@testing-library/react'
import { atom } from 'jotai'
import type { Page } from '../../../core/contracts/media.ts'
import type { CardList, LedgerEntry, Order, PayTypeInfo } from '../../../core/contracts/payments.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { withSession } from '../../testing/session-kit.ts'
import type { RecordSource } from './api.ts'
import type { RecordList } from './records-screen.tsx'
import type { PollClock } from './use-order-status.ts'

export { Refusal, type Post } from '../../testing/app-kit.tsx'

/** Test kit of the payments screens: catalogue and order answers, a signed-in store, a memory router, a clock. */

export const payTypeInfo = (patch: Partial<PayTypeInfo> = {}): PayTypeInfo => ({
  packages: [
    { id: 1, diamonds: 1000, bonusDiamonds: 0, price: 1000 },
    { id: 2, diamonds: 5000, bonusDiamonds: 500, price: 5000 },
    { id: 3, diamonds: 10000, bonusDiamonds: 1500, price: 9800 },
  ],
  payTypes: [
    { code: 'alipay', name: '支付宝' },
    { code: 'wechat', name: '微信支付' },
  ],
  balance: 1250,
  ...patch,
})

export const cardList = (patch: Partial<CardList> = {}): CardList => ({
  cards: [
    { id: 11, tier: 'normal', days: 30, price: 3000, originalPrice: 4500, perks: ['VIP视频免费看', '去广告'] },
    { id: 12, tier: 'normal', days: 365, price: 19800, perks: ['VIP视频免费看'] },
    { id: 21, tier: 'supreme', days: 30, price: 6000, perks: ['全站视频免费看'] },
    { id: 31, tier: 'dark', days: 30, price: 5000, originalPrice: 5000, perks: ['暗网专区'] },
  ],
  payTypes: [{ code: 'alipay', name: '支付宝' }],
  ...patch,
})

/** An order number as the server makes them. */
export const ORDER_ID = 'MQ20260101120000123456'

export const order = (patch: Partial<Order> = {}): Order => ({
  orderId: ORDER_ID,
  kind: 'diamonds',
  itemId: 2,
  title: '5000 钻石',
  amount: 5000,
  diamonds: 5000,
  bonusDiamonds: 500,
  tier: null,
  days: 0,
  payType: 'alipay',
  state: 'pending',
  createdAt: 1_767_240_000,
  expiresAt: 1_767_241_800,
  paidAt: 0,
  ...patch,
})

export const ledgerEntry = (id: number, patch: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id,
  amount: 5000,
  balanceAfter: 6250,
  reason: 'recharge',
  ref: { type: 'order', id, title: ORDER_ID },
  createdAt: 1_767_240_000,
  ...patch,
})

/** Pages the tests route to, shown as their path. */
const STUB_PATHS = ['/mine/', '/mine/vip', '/mine/diamondRecharge', '/mine/rechargeRecord', '/play/longVideo']

/**
 * Renders `component` at `url` (route `path`) for a signed-in `user`, over a fake API answering
 * `post`, with stand-ins for the pages its links open.
 */
export async function renderPayments(
  url: string,
  path: string,
  component: RouteComponent,
  post: Post,
  user: UserInfo | null,
) {
  const { store, post: postMock } = storeWithFakeApi(post)
  const session = await withSession(store, user)
  const router = renderRoutes(store, url, (root) => [
    createRoute({ getParentRoute: () => root, path, component }),
    ...STUB_PATHS.filter((stub) => stub !== path).map((stub) =>
      createRoute({ getParentRoute: () => root, path: stub, component: () => <p>stub {stub}</p> }),
    ),
  ])
  await screen.findByRole('heading', { level: 1 })
  return { store, post: postMock, router, ...session }
}

/** A clock whose timers run when the test moves it on. */
export function manualClock() {
  let now = 0
  let nextId = 1
  const timers = new Map<number, { at: number; run: () => void }>()
  const clock: PollClock & { advance(ms: number): Promise<void>; delays: number[]; pending(): number } = {
    delays: [],
    now: () => now,
    setTimeout(run, ms) {
      const id = nextId++
      clock.delays.push(ms)
      timers.set(id, { at: now + ms, run })
      return id
    },
    clearTimeout(id) {
      timers.delete(id as number)
    },
    pending: () => timers.size,
    /** Moves the clock on, running the timers due, and lets their calls answer. */
    async advance(ms) {
      now += ms
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue
        timers.delete(id)
        await act(async () => timer.run())
      }
      await act(async () => {})
    },
  }
  return clock
}

/** Says the page is hidden or visible, as the browser does when the tab changes. */
export function setPageHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

/** Back to the browser's own visibility. */
export function resetPageVisibility() {
  Reflect.deleteProperty(document, 'visibilityState')
}

/**
 * A paged list over a records source, as the records screen needs it: first page, next pages by
 * cursor, errors. (The route gives it the catalogue's paged list, tested with the catalogue.)
 */
export function pagedRecords<T>(source: RecordSource<Page<T>>): RecordList<T> {
  const stateAtom = atom({
    status: 'idle' as 'idle' | 'loading' | 'ready' | 'error',
    items: [] as readonly T[],
    error: null as string | null,
    hasMore: false,
    loadingMore: false,
    moreError: null as string | null,
    cursor: null as string | null,
  })
  const loadFirstAtom = atom(null, async (get, set) => {
    set(stateAtom, { ...get(stateAtom), status: 'loading' })
    try {
      const page = await source.fetchPage(get, undefined)
      const cursor = page.data.nextCursor
      set(stateAtom, { ...get(stateAtom), status: 'ready', items: page.data.items, hasMore: cursor !== null, cursor })
    } catch (error) {
      set(stateAtom, { ...get(stateAtom), status: 'error', error: (error as Error).message })
    }
  })
  const loadMoreAtom = atom(null, async (get, set) => {
    const state = get(stateAtom)
    if (state.cursor === null || state.loadingMore) return
    set(stateAtom, { ...state, loadingMore: true })
    const page = await source.fetchPage(get, state.cursor)
    const cursor = page.data.nextCursor
    const now = get(stateAtom)
    set(stateAtom, {
      ...now,
      items: [...now.items, ...page.data.items],
      hasMore: cursor !== null,
      cursor,
      loadingMore: false,
    })
  })
  return { stateAtom, loadFirstAtom, loadMoreAtom, reloadAtom: loadFirstAtom }
}
