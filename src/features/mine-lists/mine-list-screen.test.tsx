import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { atom, Provider } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages-watch.ts'
import { createOfflineReads, provideOfflineReads } from '../../lib/offline-reads.ts'
import { createAppStore, provideApi } from '../../lib/store.ts'
import { Toaster } from '../../ui/toast.tsx'
import { formatPosition, MineListKind, mineListSource, type MineItem, type MinePage } from './api.ts'
import { MineListScreen, type MineList } from './mine-list-screen.tsx'
import { fakeApi, videoCard } from '../../testing/app-kit.tsx'

const item = (id: number, patch: Partial<MineItem> = {}): MineItem => ({
  ...videoCard(id),
  at: 1_763_700_000,
  ...patch,
})

class NothingInReach {
  observe() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', NothingInReach))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

type Post = (name: string, body: Record<string, unknown>) => Promise<unknown>

/** A one-page list over mineListSource: enough for the screen (pages are the catalogue's paged list's job). */
function onePageList(kind: MineListKind, userId: number): MineList {
  const source = mineListSource(kind, userId)
  const stateAtom = atom({
    status: 'idle' as 'idle' | 'loading' | 'ready' | 'error',
    items: [] as readonly MineItem[],
    error: null as string | null,
    hasMore: false,
    loadingMore: false,
    moreError: null as string | null,
    stale: false,
  })
  const load = atom(null, async (get, set) => {
    try {
      const page = await source.fetchPage(get, undefined)
      set(stateAtom, { ...get(stateAtom), status: 'ready', items: page.data.items, stale: page.stale })
    } catch (error) {
      set(stateAtom, { ...get(stateAtom), status: 'error', error: (error as Error).message })
    }
  })
  return { stateAtom, loadFirstAtom: load, reloadAtom: load, loadMoreAtom: atom(null, async () => {}) }
}

function renderList(
  kind: MineListKind,
  post: Post,
  { online = true, userId = 5, stored = new Map<string, unknown>() } = {},
) {
  const store = createAppStore()
  const api = fakeApi(post)
  const postMock = api.post
  provideApi(store, api)
  const reads = createOfflineReads({
    backend: {
      getItem: async (key) => stored.get(key) ?? null,
      setItem: async (key, value) => stored.set(key, value),
      removeItem: async (key) => void stored.delete(key),
      clear: async () => stored.clear(),
    },
    now: () => 0,
    isOnline: () => online,
  })
  provideOfflineReads(store, reads)
  const list = onePageList(kind, userId)
  const rootRoute = createRootRoute({ component: Outlet })
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/mine/list',
    component: () => (
      <>
        <MineListScreen kind={kind} title="列表" list={list} config={null} />
        <Toaster />
      </>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/mine/list'] }),
  })
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { post: postMock, reads }
}

describe('MineListScreen', () => {
  it('myCollect: edit mode removes the selected favourites through collect/delete', async () => {
    let server = [item(1), item(2), item(3)]
    const { post } = renderList(MineListKind.Collect, async (name, body) => {
      if (name === 'collect/list') return { items: server, nextCursor: null } satisfies MinePage
      if (name === 'collect/delete') {
        server = server.filter((row) => !(body.ids as number[]).includes(row.id))
        return null
      }
      throw new Error(name)
    })
    expect(await screen.findByText('视频3')).toBeTruthy()
    expect(screen.getByText(t.common.noMore)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: t.mineLists.edit }))
    const remove = screen.getByRole('button', { name: t.mineLists.remove(0) }) as HTMLButtonElement
    expect(remove.disabled).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: t.mineLists.select('视频1') }))
    fireEvent.click(screen.getByRole('checkbox', { name: t.mineLists.select('视频3') }))
    fireEvent.click(screen.getByRole('button', { name: t.mineLists.remove(2) }))

    expect(post).toHaveBeenCalledWith('collect/delete', { ids: [1, 3] })
    expect(screen.queryByText('视频1')).toBeNull()
    expect(await screen.findByText(t.mineLists.removed(2))).toBeTruthy()
    await waitFor(() => expect(post.mock.calls.filter(([name]) => name === 'collect/list')).toHaveLength(2))
    expect(screen.getByText('视频2')).toBeTruthy()
    expect(screen.queryByText('视频3')).toBeNull()
    // Out of edit mode, the rows link to the player again.
    expect(screen.getByRole('link', { name: /视频2/ }).getAttribute('href')).toBe('/play/longVideo?id=2')
  })

  it('myCollect: a failed removal puts the rows back and says so; select all selects every row', async () => {
    let fail: (error: Error) => void = () => {}
    renderList(MineListKind.Collect, async (name) => {
      if (name === 'collect/list') return { items: [item(1), item(2)], nextCursor: null }
      return new Promise((_, reject) => (fail = reject))
    })
    fireEvent.click(await screen.findByRole('button', { name: t.mineLists.edit }))
    fireEvent.click(screen.getByRole('button', { name: t.mineLists.selectAll }))
    fireEvent.click(screen.getByRole('button', { name: t.mineLists.remove(2) }))
    expect(screen.queryByText('视频1')).toBeNull()
    await act(async () => fail(new ApiError(ApiErrorKind.Network, t.http.network)))
    expect(await screen.findByText(t.mineLists.needsNetwork)).toBeTruthy()
    expect(screen.getByText('视频1')).toBeTruthy()
    expect(screen.getByText('视频2')).toBeTruthy()
  })

  it('myHistory shows where the user got to', async () => {
    renderList(MineListKind.History, async () => ({ items: [item(4, { position: 303 })], nextCursor: null }))
    expect(await screen.findByText(new RegExp(t.mineLists.watchedTo('05:03')))).toBeTruthy()
  })

  it('an empty list says so and links home; no edit button', async () => {
    renderList(MineListKind.Collect, async () => ({ items: [], nextCursor: null }))
    expect(await screen.findByText(t.mineLists.empty.collect)).toBeTruthy()
    expect(screen.getByRole('link', { name: t.common.goHome }).getAttribute('href')).toBe('/')
    expect(screen.queryByRole('button', { name: t.mineLists.edit })).toBeNull()
  })

  it('offline: the stored page of this user comes back marked stale; another user does not get it', async () => {
    const stored = new Map<string, unknown>()
    const first = renderList(MineListKind.Bought, async () => ({ items: [item(8)], nextCursor: null }), { stored })
    expect(await screen.findByText('视频8')).toBeTruthy()
    await first.reads.flush()
    cleanup()

    const offline = async () => {
      throw new ApiError(ApiErrorKind.Network, t.http.network)
    }
    renderList(MineListKind.Bought, offline, { stored, online: false })
    expect(await screen.findByText('视频8')).toBeTruthy()
    expect(screen.getByText(t.list.offlineData)).toBeTruthy()
    cleanup()

    renderList(MineListKind.Bought, offline, { stored, online: false, userId: 6 })
    expect(await screen.findByText(t.http.network)).toBeTruthy()
    expect(screen.queryByText('视频8')).toBeNull()
  })
})

describe('formatPosition', () => {
  it.each([
    [0, '00:00'],
    [59.9, '00:59'],
    [303, '05:03'],
    [3599, '59:59'],
    [3723, '1:02:03'],
    [-4, '00:00'],
    [Number.NaN, '00:00'],
  ])('%s s → %s', (seconds, text) => expect(formatPosition(seconds)).toBe(text))
})
