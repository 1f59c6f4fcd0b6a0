import { createRoute, type RouteComponent } from '@tanstack/react-router'
import { renderRoutes, storeWithFakeApi, videoCard, type Post } from '../../testing/app-kit.tsx'

export type { Post }

/** Test kit of the catalogue's screens: a fresh store with a fake API, and a memory router. */

export const card = videoCard

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

export interface ScreenRoute {
  path: string
  validateSearch?: (search: Record<string, unknown>) => object
  component: RouteComponent
}

/** Renders the routes in a memory router at `url`, over a store whose API answers with `post`. */
export function renderScreens(routes: readonly ScreenRoute[], url: string, post: Post) {
  const { store, post: postMock } = storeWithFakeApi(post)
  const router = renderRoutes(store, url, (root) =>
    routes.map((route) =>
      createRoute({
        getParentRoute: () => root,
        path: route.path,
        validateSearch: route.validateSearch ?? ((search: Record<string, unknown>) => search),
        component: route.component,
      }),
    ),
  )
  return { store, router, post: postMock }
}
