import { createRouter } from '@tanstack/react-router'
import { RouteErrorScreen } from './features/shell/route-error.tsx'
import { scrollKeyFor } from './features/shell/tabs.tsx'
import type { RouterContext } from './router-context.ts'
import { routeTree } from './routeTree.gen.ts'
import { NotFoundScreen } from './ui/not-found-screen.tsx'

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    // New navigations start at the top, back/forward restore; tab pages restore by path.
    scrollRestoration: true,
    getScrollRestorationKey: scrollKeyFor,
    // Paths are URL contracts (deep links and ads name them): keep `/mine/` and `/community` as written.
    trailingSlash: 'preserve',
    defaultPreload: 'intent',
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
