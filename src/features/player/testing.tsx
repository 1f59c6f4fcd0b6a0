import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { Provider } from 'jotai'
import { vi } from 'vitest'
import type { VideoCard, VideoDetail } from '../../../core/contracts/media.ts'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import type { Api } from '../../lib/http.ts'
import { createOfflineReads, provideOfflineReads, type ReadsBackend } from '../../lib/offline-reads.ts'
import { createAppStore, provideApi, type AppStore } from '../../lib/store.ts'

/** Test kit of the player: play answers, a store over a fake API and offline reads, a memory router. */

export const videoCard = (id: number, patch: Partial<VideoCard> = {}): VideoCard => ({
  id,
  contentType: 1,
  title: `视频${id}`,
  cover: `c/${id}.jpg`,
  coverWidth: 16,
  coverHeight: 9,
  duration: 61,
  playCount: 1234,
  likeCount: 10,
  price: 0,
  vip: 0,
  tags: [],
  publishedAt: 0,
  ...patch,
})

export const playInfo = (id: number, patch: Partial<PlayInfo> = {}, video: Partial<VideoDetail> = {}): PlayInfo => ({
  video: {
    ...videoCard(id),
    description: '简介',
    topics: [],
    actors: [],
    collection: null,
    ...video,
  },
  lock: 'none',
  lines: [
    { name: '线路1', url: `https://vid1.example/hls/${id}/master.m3u8?pt=tok${id}` },
    { name: '线路2', url: `https://vid2.example/hls/${id}/master.m3u8?pt=tok${id}` },
  ],
  previewSeconds: 0,
  previewLines: [],
  balance: 0,
  liked: false,
  favourited: false,
  resumeAt: 0,
  related: [],
  ...patch,
})

export type Post = (name: string, body: Record<string, unknown>) => Promise<unknown>

export function memoryBackend(data = new Map<string, unknown>()): ReadsBackend & { data: Map<string, unknown> } {
  return {
    data,
    getItem: async (key) => data.get(key) ?? null,
    setItem: async (key, value) => data.set(key, value),
    removeItem: async (key) => void data.delete(key),
    clear: async () => data.clear(),
  }
}

export function playerStore(post: Post, options: { online?: () => boolean; backend?: ReadsBackend } = {}) {
  const store: AppStore = createAppStore()
  const postMock = vi.fn(post)
  provideApi(store, { post: postMock, get: vi.fn(), call: vi.fn(), clockOffsetSeconds: 0 } as unknown as Api)
  const backend = options.backend ?? memoryBackend()
  const reads = createOfflineReads({ backend, now: () => 0, isOnline: options.online ?? (() => true) })
  provideOfflineReads(store, reads)
  return { store, post: postMock, reads }
}

/** Renders `component` at `url` with a few stand-in routes its links point to. */
export function renderAt(url: string, path: string, component: RouteComponent, store: AppStore) {
  const rootRoute = createRootRoute({ component: Outlet })
  const page = createRoute({ getParentRoute: () => rootRoute, path, component })
  const stubs = ['/mine/vip', '/mine/diamondRecharge', '/subpage/labelPage'].map((stubPath) =>
    createRoute({ getParentRoute: () => rootRoute, path: stubPath, component: () => <p>{stubPath}</p> }),
  )
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, ...stubs]),
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return router
}

/** A promise and its settle functions, to hold a call open while a test looks. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}
