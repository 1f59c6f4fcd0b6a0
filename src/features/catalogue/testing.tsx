import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { Provider } from 'jotai'
import { vi } from 'vitest'
import type { VideoCard } from '../../../core/contracts/media.ts'
import type { Api } from '../../lib/http.ts'
import { createOfflineReads, provideOfflineReads } from '../../lib/offline-reads.ts'
import { createAppStore, provideApi, type AppStore } from '../../lib/store.ts'

/** Test kit of the catalogue's screens: a fresh store with a fake API, and a memory router. */

export const card = (id: number, patch: Partial<VideoCard> = {}): VideoCard => ({
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

/** Reports the end of a list in reach at once; covers are left alone (no image fetches). */
export class EndInReach {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    if (element.classList.contains('infinite-list__end')) {
      queueMicrotask(() =>
        this.callback(
          [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      )
    }
  }
  disconnect() {}
}

export type Post = (name: string, body: Record<string, unknown>) => Promise<unknown>

export interface ScreenRoute {
  path: string
  validateSearch?: (search: Record<string, unknown>) => object
  component: RouteComponent
}

/** Renders the routes in a memory router at `url`, over a store whose API answers with `post`. */
export function renderScreens(routes: readonly ScreenRoute[], url: string, post: Post) {
  const store: AppStore = createAppStore()
  const postMock = vi.fn(post)
  provideApi(store, { post: postMock, get: vi.fn(), call: vi.fn(), clockOffsetSeconds: 0 } as unknown as Api)
  const data = new Map<string, unknown>()
  provideOfflineReads(
    store,
    createOfflineReads({
      backend: {
        getItem: async (key) => data.get(key) ?? null,
        setItem: async (key, value) => data.set(key, value),
        removeItem: async (key) => void data.delete(key),
        clear: async () => data.clear(),
      },
      now: () => 0,
      isOnline: () => true,
    }),
  )
  const rootRoute = createRootRoute({ component: Outlet })
  const children: AnyRoute[] = routes.map((route) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: route.path,
      validateSearch: route.validateSearch ?? ((search: Record<string, unknown>) => search),
      component: route.component,
    }),
  )
  const router = createRouter({
    routeTree: rootRoute.addChildren(children),
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, router, post: postMock }
}
