import { createRoute, type RouteComponent } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import { atom } from 'jotai'
import type { Page } from '../../../core/contracts/media.ts'
import type {
  ExchangeItem,
  ExchangeList,
  Level,
  Levels,
  PointsSummary,
  Task,
  TaskList,
} from '../../../core/contracts/welfare.ts'
import { SIGN_IN_POINTS } from '../../../core/contracts/welfare-rules.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { withSession } from '../../testing/session-kit.ts'
import { Toaster } from '../../ui/toast.tsx'
import type { HistorySource } from './api.ts'
import type { HistoryList } from './exchange-screen.tsx'

export { Refusal, type Post } from '../../testing/app-kit.tsx'

/** Test kit of the welfare screens: answers as the server gives them, a signed-in store, a memory router. */

export const LEVELS: Level[] = [
  { level: 1, name: '新手', minPoints: 0, perks: [] },
  { level: 2, name: '青铜', minPoints: 100, perks: ['每日签到积分 +10%'] },
  { level: 3, name: '白银', minPoints: 500, perks: ['每日签到积分 +20%', '专属头像框'] },
]

export const points = (patch: Partial<PointsSummary> = {}): PointsSummary => ({
  balance: 120,
  lifetime: 300,
  level: LEVELS[1]!,
  next: LEVELS[2]!,
  ...patch,
})

export const task = (id: number, patch: Partial<Task> = {}): Task => ({
  id,
  kind: 'watch',
  title: `任务${id}`,
  description: '今天看完 3 个视频',
  period: 'daily',
  progress: 1,
  goal: 3,
  reward: { kind: 'points', amount: 20 },
  state: 'todo',
  link: '/',
  ...patch,
})

/** A streak of `streak` days, today signed or not, in a week of SIGN_IN_POINTS. */
export const taskList = (patch: Partial<TaskList> = {}, streak = 2, signedToday = false): TaskList => ({
  signIn: {
    streak,
    signedToday,
    days: SIGN_IN_POINTS.map((dayPoints, i) => ({ day: i + 1, points: dayPoints, signed: i < streak })),
  },
  tasks: [
    task(1, { kind: 'sign-in', title: '每日签到', state: signedToday ? 'claimed' : 'claimable', link: '' }),
    task(2, { title: '观看视频', link: '/' }),
    task(3, {
      kind: 'publish',
      title: '发布帖子',
      progress: 1,
      goal: 1,
      state: 'claimable',
      reward: { kind: 'diamonds', amount: 1000 },
      link: '/community/publish',
    }),
    task(4, { kind: 'bind-phone', title: '绑定手机', period: 'once', progress: 1, goal: 1, state: 'claimed' }),
  ],
  points: points(),
  ...patch,
})

export const item = (id: number, patch: Partial<ExchangeItem> = {}): ExchangeItem => ({
  id,
  title: `商品${id}`,
  reward: { kind: 'vip', tier: 'supreme', days: 7 },
  price: 100,
  stock: 5,
  ...patch,
})

export const exchangeList = (patch: Partial<ExchangeList> = {}): ExchangeList => ({
  points: points(),
  items: [item(1), item(2, { title: '10 钻石', reward: { kind: 'diamonds', amount: 1000 }, price: 500, stock: null })],
  ...patch,
})

export const levels = (patch: Partial<PointsSummary> = {}): Levels => ({ points: points(patch), levels: LEVELS })

/** Pages the tests route to, shown as their path. */
const STUB_PATHS = [
  '/',
  '/welfare/',
  '/welfare/exchange/',
  '/mine/pointLevel',
  '/community/publish',
  '/mine/share',
  '/mine/login',
]

/** Renders `component` at `url` (route `path`) for `user` (null: no session), over a fake API answering `post`, with a toaster. */
export async function renderWelfare(
  url: string,
  path: string,
  component: RouteComponent,
  post: Post,
  user: UserInfo | null,
) {
  const { store, post: postMock } = storeWithFakeApi(post)
  await withSession(store, user)
  const Component = component
  const router = renderRoutes(store, url, (root) => [
    createRoute({
      getParentRoute: () => root,
      path,
      component: () => (
        <>
          <Component />
          <Toaster />
        </>
      ),
    }),
    ...STUB_PATHS.filter((stub) => stub !== path).map((stub) =>
      createRoute({ getParentRoute: () => root, path: stub, component: () => <p>stub {stub}</p> }),
    ),
  ])
  await screen.findByRole('heading', { level: 1 })
  return { store, post: postMock, router }
}

/** A paged list over a history source, as the exchange screen needs it (the route gives it the catalogue's). */
export function pagedHistory<T>(source: HistorySource<Page<T>>): HistoryList<T> {
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
