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
import * as v from 'valibot'
import { vi, type Mock } from 'vitest'
import type { Call } from '../../core/contracts/call.ts'
import type { VideoCard } from '../../core/contracts/media.ts'
import { ApiError, ApiErrorKind, businessMessage, type Api } from '../lib/http.ts'
import { t } from '../lib/messages.ts'
import type { SecureStorage } from '../lib/persist.ts'
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

/** What `post` answers for a refusal: a business code and its tip, as the server sends them. */
export class Refusal {
  constructor(
    readonly code: number,
    readonly tip = '',
  ) {}
}

/**
 * An API whose every call is answered by `post(name, body)`, the answer checked against the call's
 * contract as the real client does (a wrong shape rejects as a bad response); a `Refusal` answers
 * its code, which `call` rejects with as the real client does. `post` is the mock.
 */
export function fakeApi(post: Post): Api & { post: Mock<Post> } {
  const postMock = vi.fn(post)
  const answer = async (call: Call, body: unknown) => {
    const raw = await postMock(call.name, (body ?? {}) as Record<string, unknown>)
    if (raw instanceof Refusal) return raw
    const checked = v.safeParse(call.response, raw)
    if (!checked.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
    return checked.output as never
  }
  return {
    post: postMock,
    call: async (call, ...[body]) => {
      const data = await answer(call, body)
      if (!(data instanceof Refusal)) return data
      const result = { code: data.code, tip: data.tip, msg: '' }
      throw new ApiError(ApiErrorKind.Business, businessMessage(result), data.code)
    },
    result: async (call, ...[body]) => {
      const data = await answer(call, body)
      return data instanceof Refusal
        ? { code: data.code, data: null, tip: data.tip, msg: '' }
        : { code: 200, data, tip: '', msg: '' }
    },
    signedFetch: () => Promise.reject(new Error('signedFetch is not faked here')),
    clockOffsetSeconds: 0,
  }
}

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

/** The encrypted storage's interface over a Map, values kept as they are. */
export function memorySecureStorage(): SecureStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return {
    data,
    get: async <T,>(key: string) => (data.get(key) ?? null) as T | null,
    set: async (key, value) => void data.set(key, value),
    remove: async (key) => void data.delete(key),
  }
}

/** A fresh store whose API answers every call with `post(name, body)`, and offline reads over `backend`. */
export function storeWithFakeApi(post: Post, options: { online?: () => boolean; backend?: ReadsBackend } = {}) {
  const store: AppStore = createAppStore()
  const api = fakeApi(post)
  const postMock = api.post
  provideApi(store, api)
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
