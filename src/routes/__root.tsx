import { createRootRouteWithContext } from '@tanstack/react-router'
import { AppLayout } from '../features/shell/app-layout.tsx'
import { RouteErrorScreen } from '../features/shell/route-error.tsx'
import type { RouterContext } from '../router-context.ts'
import { NotFoundScreen } from '../ui/not-found-screen.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The guard: every navigation waits for the session; an initialisation error is
  // rethrown so the error page shows it, never a blank screen.
  beforeLoad: ({ context }) => context.ready(),
  component: AppLayout,
  errorComponent: RouteErrorScreen,
  notFoundComponent: NotFoundScreen,
})
