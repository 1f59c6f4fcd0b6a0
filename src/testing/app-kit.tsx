import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRoute,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { Provider } from 'jotai'
import { vi } from 'vitest'
import type { VideoCard } from '../../core/contracts/media.ts'
import type { Api } from '../lib/http.ts'
import { createOfflineReads, provideOfflineReads, type ReadsBackend } from '../lib/offline-reads.ts'
import { createAppStore, provideApi, type AppStore } from '../lib/store.ts'

/** Test kit shared by the features' screen tests: a video card, a store over a fake API, a memory router. */

export const videoCard = (id: number, patch: Partial<VideoCard> = {}): VideoCard => ({
  id,
  contentType: 1,
  title: `视频${id}`,
  cover: `c/${id}.jpg`,
  coverWidth: 16,
  coverHeight: 9,
  duration: 61,
  playCount: 1,
  likeCount: 0,
  price: 0,
  vip: 0,
  tags: [],
  publishedAt: 0,
  ...patch,
})

export type Post = (name: string, body: Record<string, unknown>) => Promise<unknown>

/** Offline reads kept in a Map (the page's are IndexedDB). */
export function memoryBackend(data = new Map<string, unknown>()): ReadsBackend & { data: Map<string, unknown> } {
  return {
    data,
    getItem: async (key) => data.get(key) ?? null,
    setItem: async (key, value) => data.set(key, value),
    removeItem: async (key) => void data.delete(key),
    clear: async () => data.clear(),
  }
}

/** A fresh store whose API answers POSTs with `post`, and offline reads over `backend`. */
export function storeWithFakeApi(post: Post, options: { online?: () => boolean; backend?: ReadsBackend } = {}) {
  const store: AppStore = createAppStore()
  const postMock = vi.fn(post)
  provideApi(store, { post: postMock, get: vi.fn(), call: vi.fn(), clockOffsetSeconds: 0 } as unknown as Api)
  const reads = createOfflineReads({
    backend: options.backend ?? memoryBackend(),
    now: () => 0,
    isOnline: options.online ?? (() => true),
  })
  provideOfflineReads(store, reads)
  return { store, post: postMock, reads }
}

/** Renders the routes made by `makeRoutes` (children of a bare root) in a memory router at `url`. */
export function renderRoutes(store: AppStore, url: string, makeRoutes: (root: AnyRoute) => AnyRoute[]) {
  const rootRoute = createRootRoute({ component: Outlet })
  const router = createRouter({
    routeTree: rootRoute.addChildren(makeRoutes(rootRoute)),
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return router
}
